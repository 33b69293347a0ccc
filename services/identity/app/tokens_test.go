package app_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/pkg/roles"
	identityv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
)

// TestMintedTokensAreAudited: the gateway's RecordToken leaves one entry
// per token, by the minting key, with what the token allows.
func TestMintedTokensAreAudited(t *testing.T) {
	t.Parallel()
	tb := setup(t)
	p := tb.ownerA
	p.ActorType, p.ActorID = principal.ActorAPIKey, p.KeyID
	p.Role = roles.Owner          // an operator key (docs/roles.md)
	waitForAuditLogs(t, tb, p, 1) // the bootstrap's first key

	_, err := tb.client.RecordToken(as(t, p), &identityv1.RecordTokenRequest{Id: "tok-1", Type: "upload",
		MaxSizeBytes: 1000, ExpiresTime: "2030-01-01T00:15:00.000Z"})
	require.NoError(t, err)

	items := waitForAuditLogs(t, tb, p, 2)
	e := items[0]
	assert.Equal(t, "tokens", e.GetEntityType())
	assert.Equal(t, "tok-1", e.GetEntityId())
	assert.Equal(t, "create", e.GetActionType())
	assert.Equal(t, "api_key", e.GetActorType())
	assert.Equal(t, p.KeyID, e.GetActorId())
	assert.JSONEq(t, `{"type": "upload", "max_size_bytes": 1000, "expires_time": "2030-01-01T00:15:00.000Z"}`, e.GetActionData())
}
