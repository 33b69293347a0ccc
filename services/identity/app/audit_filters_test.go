package app_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/pkg/roles"
	identityv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
)

// The log's filters narrow it to the entries matching all of them, and a
// filter the service cannot read is refused naming its field.
func TestAuditLogFilters(t *testing.T) {
	t.Parallel()
	tb := setup(t)
	p := tb.ownerA
	p.ActorType, p.ActorID = principal.ActorAPIKey, p.KeyID
	p.Role = roles.Owner // an operator key (docs/roles.md)
	created, err := tb.client.CreateApiKey(as(t, p), &identityv1.CreateApiKeyRequest{Name: "ci", Type: "api"})
	require.NoError(t, err)
	_, err = tb.client.DeleteApiKey(as(t, p), &identityv1.DeleteApiKeyRequest{Id: created.GetId()})
	require.NoError(t, err)
	waitForAuditLogs(t, tb, p, 3) // the bootstrap's key, then create and delete

	list := func(in *identityv1.ListAuditLogsRequest) []*identityv1.AuditLog {
		t.Helper()
		out, err := tb.client.ListAuditLogs(as(t, p), in)
		require.NoError(t, err)
		return out.GetItems()
	}
	system := list(&identityv1.ListAuditLogsRequest{ActorType: "system"})
	require.Len(t, system, 1, "the bootstrap's key")
	mine := list(&identityv1.ListAuditLogsRequest{ActorType: "api_key", ActorId: p.KeyID})
	require.Len(t, mine, 2)
	deleted := list(&identityv1.ListAuditLogsRequest{EntityType: "keys", EntityId: created.GetId(), ActionType: "delete"})
	require.Len(t, deleted, 1)
	assert.Equal(t, "delete", deleted[0].GetActionType())

	today := time.Now().UTC().Format(time.DateOnly)
	assert.Len(t, list(&identityv1.ListAuditLogsRequest{Start: today, End: today}), 3, "an end date includes its day")
	tomorrow := time.Now().UTC().AddDate(0, 0, 1).Format(time.DateOnly)
	assert.Empty(t, list(&identityv1.ListAuditLogsRequest{Start: tomorrow}))
	assert.Empty(t, list(&identityv1.ListAuditLogsRequest{End: system[0].GetActionTime()}), "end is exclusive: the oldest entry is not before its own time")

	for _, tc := range []struct {
		in   *identityv1.ListAuditLogsRequest
		want string
	}{
		{&identityv1.ListAuditLogsRequest{ActorType: "robot"}, "actor_type must be one of api_key, user, system"},
		{&identityv1.ListAuditLogsRequest{EntityType: "Videos;"}, "entity_type must be a lower-case name such as videos or update"},
		{&identityv1.ListAuditLogsRequest{Start: "yesterday"}, "start must be a date (2026-01-31) or an RFC 3339 time"},
		{&identityv1.ListAuditLogsRequest{Start: tomorrow, End: today}, "end must be after start"},
	} {
		_, err := tb.client.ListAuditLogs(as(t, p), tc.in)
		st, _ := status.FromError(err)
		assert.Equal(t, codes.InvalidArgument, st.Code(), tc.want)
		assert.Contains(t, st.Message(), tc.want)
	}
}
