package audit

import (
	"testing"

	"github.com/google/uuid"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/principal"
	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"
)

func TestMessage(t *testing.T) {
	p := principal.Principal{AccountID: "acc", KeyID: "key", ActorID: "key", ActorType: principal.ActorAPIKey, ClientIP: "192.0.2.7"}
	msg, err := Message(p, EntityKeys, "k1", ActionCreate, map[string]any{"name": "ci", "value": "x", "secret": "s3cr3t"})
	require.NoError(t, err)
	assert.Equal(t, "audit.keys.create", msg.Subject)
	_, err = uuid.Parse(msg.ID)
	require.NoError(t, err, "the message id is the entry's UUID, so JetStream drops a republish")

	entry, err := Decode(msg.Payload)
	require.NoError(t, err)
	assert.Equal(t, msg.ID, entry.GetId())
	assert.Equal(t, "acc", entry.GetAccountId())
	assert.Equal(t, ActorAPIKey, entry.GetActorType())
	assert.Equal(t, "key", entry.GetActorId())
	assert.Equal(t, "192.0.2.7", entry.GetActionIp())
	assert.JSONEq(t, `{"name": "ci", "value": "x", "secret": "[redacted]"}`, entry.GetActionData())
}

func TestMessageEncodesProtoWithTheirFieldNames(t *testing.T) {
	changed := &eventsv1.EventMeta{AccountId: "a", OccurredTime: "t"}
	entry, err := NewEntry(System("acc", "operator"), EntityAccounts, "acc", ActionSetPlan, changed)
	require.NoError(t, err)
	assert.JSONEq(t, `{"account_id": "a", "occurred_time": "t"}`, entry.GetActionData())
	assert.Equal(t, ActorSystem, entry.GetActorType())
	assert.Empty(t, entry.GetActionIp())
}

func TestActorOfAPrincipalWithoutType(t *testing.T) {
	typ, id := actorOf(principal.Principal{AccountID: "a", KeyID: "k"})
	assert.Equal(t, ActorAPIKey, typ)
	assert.Equal(t, "k", id)
	typ, _ = actorOf(principal.Principal{AccountID: "a"})
	assert.Equal(t, ActorSystem, typ)
}

func TestDecodeRefusesIncompleteEntries(t *testing.T) {
	for name, payload := range map[string]string{
		"not json":     `nope`,
		"no id":        `{"accountId": "a", "actorType": "system", "entityType": "keys", "entityId": "k", "actionType": "create", "actionTime": "2026-01-01T00:00:00.000Z"}`,
		"no account":   `{"id": "` + uuid.NewString() + `", "actorType": "system", "entityType": "keys", "entityId": "k", "actionType": "create", "actionTime": "2026-01-01T00:00:00.000Z"}`,
		"bad time":     `{"id": "` + uuid.NewString() + `", "accountId": "a", "actorType": "system", "entityType": "keys", "entityId": "k", "actionType": "create", "actionTime": "yesterday"}`,
		"dotted types": `{"id": "` + uuid.NewString() + `", "accountId": "a", "actorType": "system", "entityType": "keys.x", "entityId": "k", "actionType": "create", "actionTime": "2026-01-01T00:00:00.000Z"}`,
	} {
		t.Run(name, func(t *testing.T) {
			_, err := Decode([]byte(payload))
			assert.Error(t, err)
		})
	}
}

func TestChanges(t *testing.T) {
	before := map[string]any{"name": "a", "role": "viewer", "tags": []string{"x"}}
	after := map[string]any{"name": "a", "role": "admin", "tags": []string{"x", "y"}}
	assert.Equal(t, map[string]any{"role": "admin", "tags": []string{"x", "y"}}, Changes(before, after))
}
