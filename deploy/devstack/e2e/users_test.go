package e2e

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type user struct {
	ID            string   `json:"id"`
	Name          string   `json:"name"`
	Email         string   `json:"email"`
	Role          string   `json:"role"`
	Notifications []string `json:"notifications"`
	Enabled       bool     `json:"enabled"`
	VerifiedEmail bool     `json:"verified_email"`
}

// TestUsersThroughTheGateway lists, reads and patches the bootstrapped owner
// and checks two refusals reach the client in the envelope.
func TestUsersThroughTheGateway(t *testing.T) {
	var list []user
	mustOK(t, call(t, "GET", "/v2/users?limit=25", ownerOf(t), nil)).decode(t, &list)
	require.NotEmpty(t, list)
	first := list[0]
	assert.Equal(t, "owner", first.Role)
	assert.Equal(t, suiteOf(t).Credentials.OwnerEmail, first.Email)

	var got user
	mustOK(t, call(t, "GET", "/v2/users/"+first.ID, ownerOf(t), nil)).decode(t, &got)
	assert.Equal(t, first.ID, got.ID)

	var patched user
	mustOK(t, call(t, "PATCH", "/v2/users/"+first.ID, ownerOf(t), map[string]any{
		"name": "The Owner", "notifications": []string{"video.ready"},
	})).decode(t, &patched)
	assert.Equal(t, "The Owner", patched.Name)
	assert.Equal(t, []string{"video.ready"}, patched.Notifications)
	assert.Equal(t, "owner", patched.Role, "fields not sent are unchanged")

	mustFail(t, call(t, "PATCH", "/v2/users/"+first.ID, ownerOf(t), map[string]any{"email": "new@example.com"}),
		http.StatusBadRequest, "email cannot be changed")
	mustFail(t, call(t, "PATCH", "/v2/users/"+first.ID, ownerOf(t), map[string]any{"role": "admin"}),
		http.StatusConflict, "an account must keep one enabled owner")
	mustOK(t, call(t, "GET", "/v2/users/"+first.ID, ownerOf(t), nil)).decode(t, &got)
	assert.Equal(t, "owner", got.Role, "the refused PATCH changed nothing")
}
