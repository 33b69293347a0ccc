package app_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/audit"
	"github.com/vidhost/vidhost/pkg/natstest"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/pkg/roles"
	identityv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
	"github.com/vidhost/vidhost/services/identity/internal/events"
)

// waitForAuditLogs polls the account's log until it holds n entries.
func waitForAuditLogs(t *testing.T, tb *testBundle, p principal.Principal, n int) []*identityv1.AuditLog {
	t.Helper()
	var items []*identityv1.AuditLog
	require.Eventually(t, func() bool {
		out, err := tb.client.ListAuditLogs(as(t, p), &identityv1.ListAuditLogsRequest{})
		require.NoError(t, err)
		items = out.GetItems()
		return len(items) >= n
	}, 20*time.Second, 20*time.Millisecond, "audit entries not stored")
	return items
}

func TestKeyChangesAreAudited(t *testing.T) {
	t.Parallel()
	tb := setup(t)
	p := tb.ownerA
	p.ActorType, p.ActorID, p.ClientIP = principal.ActorAPIKey, p.KeyID, "198.51.100.4"
	p.Role = roles.Owner // an operator key (docs/roles.md)
	// The bootstrap's first key is the log's first entry, by the system.
	first := waitForAuditLogs(t, tb, p, 1)
	require.Len(t, first, 1)
	assert.Equal(t, "system", first[0].GetActorType())

	created, err := tb.client.CreateApiKey(as(t, p), &identityv1.CreateApiKeyRequest{Name: "ci", Type: "api"})
	require.NoError(t, err)
	_, err = tb.client.DeleteApiKey(as(t, p), &identityv1.DeleteApiKeyRequest{Id: created.GetId()})
	require.NoError(t, err)

	items := waitForAuditLogs(t, tb, p, 3)
	require.Len(t, items, 3)
	deleted, made := items[0], items[1]
	assert.Equal(t, "delete", deleted.GetActionType(), "newest first")
	assert.Equal(t, "create", made.GetActionType())
	for _, e := range []*identityv1.AuditLog{deleted, made} {
		assert.Equal(t, "keys", e.GetEntityType())
		assert.Equal(t, created.GetId(), e.GetEntityId())
		assert.Equal(t, "api_key", e.GetActorType())
		assert.Equal(t, p.KeyID, e.GetActorId())
		assert.Equal(t, "198.51.100.4", e.GetActionIp())
		assert.NotContains(t, e.GetActionData(), created.GetValue(), "the key's value is never recorded")
		assert.True(t, json.Valid([]byte(e.GetActionData())))
	}

	two := int32(2)
	// Paging: two at a time, newest first, nothing repeated.
	page1, err := tb.client.ListAuditLogs(as(t, p), &identityv1.ListAuditLogsRequest{Limit: &two})
	require.NoError(t, err)
	require.Len(t, page1.GetItems(), 2)
	page2, err := tb.client.ListAuditLogs(as(t, p), &identityv1.ListAuditLogsRequest{Limit: &two, Cursor: page1.GetNextCursor()})
	require.NoError(t, err)
	require.Len(t, page2.GetItems(), 1)
	assert.Equal(t, first[0].GetId(), page2.GetItems()[0].GetId())
	assert.Empty(t, page2.GetNextCursor())
}

func TestAuditLogsNeedTheEnterprisePlan(t *testing.T) {
	t.Parallel()
	tb := setup(t)
	_, err := tb.client.ListAuditLogs(as(t, tb.ownerB), &identityv1.ListAuditLogsRequest{})
	st, ok := status.FromError(err)
	require.True(t, ok, "a status: %v", err)
	assert.Equal(t, codes.PermissionDenied, st.Code())
	assert.Equal(t, apperr.CodePlanRequired, apperr.CodeOf(st))
	assert.Equal(t, "audit logs requires the enterprise plan or higher", st.Message())

	withPlan := tb.ownerB
	withPlan.Plan = "enterprise"
	_, err = tb.client.ListAuditLogs(as(t, withPlan), &identityv1.ListAuditLogsRequest{})
	require.NoError(t, err, "the plan the gateway signs is the one asked")
}

// An entry published again after JetStream's dedup window (another
// Nats-Msg-Id) is stored once; an undecodable one is dead-lettered.
func TestAuditEntriesAreStoredOnceAndPoisonIsDeadLettered(t *testing.T) {
	t.Parallel()
	tb := setup(t)
	p := audit.System(tb.bootstrap.AccountID, "operator")
	msg, err := audit.Message(p, audit.EntityAccounts, tb.bootstrap.AccountID, audit.ActionSetPlan, map[string]any{"plan": "pro"})
	require.NoError(t, err)
	// Published as catalog would not be allowed to (accounts are identity's).
	js := natstest.JetStreamAs(t, tb.natsURL, natsx.ServiceIdentity)
	for _, msgID := range []string{"first", "second"} {
		_, err := js.Publish(t.Context(), msg.Subject, msg.Payload, jetstream.WithMsgID(msgID))
		require.NoError(t, err)
	}
	_, err = js.Publish(t.Context(), "audit.keys.create", []byte("not an entry"))
	require.NoError(t, err)

	owner := tb.ownerA
	owner.Plan = "enterprise"
	// Every message of AUDIT settled: stored, dropped or terminated.
	harness := natstest.JetStream(t, tb.natsURL)
	require.Eventually(t, func() bool {
		stream, err := harness.Stream(t.Context(), natsx.StreamNameAudit)
		require.NoError(t, err)
		consumer, err := stream.Consumer(t.Context(), events.AuditConsumerName)
		require.NoError(t, err)
		info, err := consumer.Info(t.Context())
		require.NoError(t, err)
		return info.AckFloor.Stream == stream.CachedInfo().State.LastSeq
	}, eventWait, 20*time.Millisecond, "entries not settled")
	// The bootstrap key's entry, then this one, once.
	items := waitForAuditLogs(t, tb, owner, 2)
	assert.Len(t, items, 2)
	assert.Equal(t, msg.ID, items[0].GetId())

	require.Eventually(t, func() bool {
		stream, err := harness.Stream(t.Context(), natsx.StreamNameDeadLetter)
		require.NoError(t, err)
		got, err := stream.GetLastMsgForSubject(t.Context(), natsx.DeadLetterSubject("audit.keys.create"))
		return err == nil && string(got.Data) == "not an entry"
	}, eventWait, 20*time.Millisecond, "the poison entry is dead-lettered")
}
