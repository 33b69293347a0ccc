package audit

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	"github.com/vidhost/vidhost/pkg/outbox"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/pkg/timefmt"
	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"
)

// SubjectPrefix starts every entry's subject: audit.<entity_type>.<action_type>.
const SubjectPrefix = "audit."

// now is the clock of new entries.
var now = time.Now

// Message returns the outbox message of one entry: p changed entity
// (entityType, entityID) by action, and changed holds what it changed (a
// proto message, a map or a struct; nil for nothing), which is recorded
// with secrets redacted. Enqueue it in the transaction of the change.
func Message(p principal.Principal, entityType, entityID, action string, changed any) (outbox.Message, error) {
	entry, err := NewEntry(p, entityType, entityID, action, changed)
	if err != nil {
		return outbox.Message{}, err
	}
	payload, err := protojson.Marshal(entry)
	if err != nil {
		return outbox.Message{}, fmt.Errorf("audit: encode entry: %w", err)
	}
	return outbox.Message{ID: entry.Id, Subject: Subject(entityType, action), Payload: payload}, nil
}

// NewEntry returns the entry Message publishes, with a fresh UUID.
func NewEntry(p principal.Principal, entityType, entityID, action string, changed any) (*eventsv1.AuditEntry, error) {
	data, err := actionData(changed)
	if err != nil {
		return nil, err
	}
	actorType, actorID := actorOf(p)
	entry := &eventsv1.AuditEntry{
		Id: uuid.NewString(), AccountId: p.AccountID, ActorType: actorType, ActorId: actorID,
		EntityType: entityType, EntityId: entityID, ActionType: action, ActionData: data,
		ActionIp: p.ClientIP, ActionTime: timefmt.Format(now()),
	}
	return entry, Validate(entry)
}

// Fields returns v (a proto message or a struct) as decoded JSON fields,
// as Message records them, for Changes.
func Fields(v any) (map[string]any, error) {
	value, err := decoded(v)
	if err != nil {
		return nil, err
	}
	fields, ok := value.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("audit: %T is not an object", v)
	}
	return fields, nil
}

// decoded is v encoded as JSON and decoded again. Proto messages keep their
// field names (snake_case, as the interface shows them).
func decoded(v any) (any, error) {
	var raw []byte
	var err error
	if m, ok := v.(proto.Message); ok {
		raw, err = protojson.MarshalOptions{UseProtoNames: true}.Marshal(m)
	} else {
		raw, err = json.Marshal(v)
	}
	if err != nil {
		return nil, fmt.Errorf("audit: encode action data: %w", err)
	}
	var value any
	if err := json.Unmarshal(raw, &value); err != nil {
		return nil, fmt.Errorf("audit: action data: %w", err)
	}
	return value, nil
}

// Subject is the subject of an entry about entityType by action.
func Subject(entityType, action string) string {
	return SubjectPrefix + entityType + "." + action
}

// Validate checks what every stored entry must have.
func Validate(e *eventsv1.AuditEntry) error {
	if _, err := uuid.Parse(e.GetId()); err != nil {
		return errors.New("audit: entry id must be a UUID")
	}
	for name, value := range map[string]string{"account_id": e.GetAccountId(), "entity_id": e.GetEntityId()} {
		if value == "" {
			return fmt.Errorf("audit: entry %s must not be empty", name)
		}
	}
	// These three are subject tokens and enumerations.
	for name, value := range map[string]string{
		"actor_type": e.GetActorType(), "entity_type": e.GetEntityType(), "action_type": e.GetActionType(),
	} {
		if value == "" || strings.ContainsAny(value, " .*>") {
			return fmt.Errorf("audit: entry %s must be one word", name)
		}
	}
	if _, err := time.Parse(time.RFC3339Nano, e.GetActionTime()); err != nil {
		return errors.New("audit: entry action_time must be an ISO 8601 time")
	}
	return nil
}

// Decode reads an entry from a message's payload and validates it.
func Decode(payload []byte) (*eventsv1.AuditEntry, error) {
	var entry eventsv1.AuditEntry
	if err := protojson.Unmarshal(payload, &entry); err != nil {
		return nil, fmt.Errorf("audit: decode entry: %w", err)
	}
	return &entry, Validate(&entry)
}

// actionData is changed as a JSON object, redacted.
func actionData(changed any) (string, error) {
	if changed == nil {
		return "{}", nil
	}
	value, err := decoded(changed)
	if err != nil {
		return "", err
	}
	out, err := json.Marshal(Redact(value))
	if err != nil {
		return "", fmt.Errorf("audit: encode action data: %w", err)
	}
	return string(out), nil
}
