package audit

import (
	"context"
	"reflect"

	"github.com/jackc/pgx/v5"

	"github.com/vidhost/vidhost/pkg/outbox"
	"github.com/vidhost/vidhost/pkg/principal"
)

// Recorder records audit entries in the transaction of the change; a
// domain's Tx embeds it, and the store implements it with Record.
type Recorder interface {
	// Audit records that p changed entity (entityType, entityID) by action;
	// changed is what it changed (see Message).
	Audit(ctx context.Context, p principal.Principal, entityType, entityID, action string, changed any) error
}

// Record enqueues the entry of a change in tx's outbox: it is stored if and
// only if tx commits. It is the one call a store needs to implement
// Recorder.
func Record(ctx context.Context, tx pgx.Tx, p principal.Principal, entityType, entityID, action string, changed any) error {
	msg, err := Message(p, entityType, entityID, action, changed)
	if err != nil {
		return err
	}
	return outbox.Enqueue(ctx, tx, msg)
}

// Changes returns the fields of after whose values differ from before's:
// what an update changed.
func Changes(before, after map[string]any) map[string]any {
	out := map[string]any{}
	for name, value := range after {
		if !reflect.DeepEqual(before[name], value) {
			out[name] = value
		}
	}
	return out
}
