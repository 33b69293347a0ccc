package bootstrap

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/services/identity/internal/keys"
	"github.com/vidhost/vidhost/services/identity/internal/password"
)

func TestNewPlan(t *testing.T) {
	plan, result, err := newPlan(t.Context(), Owner{Email: "Owner@Example.com"})
	require.NoError(t, err)
	assert.True(t, result.Created)
	assert.Equal(t, "owner@example.com", plan.Email)
	assert.Regexp(t, `^[0-9A-Za-z]{20}$`, result.Password)
	ok, err := password.Verify(t.Context(), result.Password, plan.PasswordHash)
	require.NoError(t, err)
	assert.True(t, ok)
	assert.Equal(t, keys.HashValue(result.APIKey), plan.KeyHash)
	assert.Equal(t, KeyName, plan.Key.Name)
	assert.False(t, plan.Key.ReadOnly())
	assert.Equal(t, plan.UserID, plan.Key.CreatedBy)
}

func TestNewPlanRefusesBadOwners(t *testing.T) {
	for _, tt := range []struct {
		owner   Owner
		message string
	}{
		{Owner{Email: ""}, `owner email "" is not a bare email address`},
		{Owner{Email: "owner"}, `owner email "owner" is not a bare email address`},
		{Owner{Email: "Owner <o@example.com>"}, `owner email "Owner <o@example.com>" is not a bare email address`},
		{Owner{Email: "o@example.com", Password: "short"}, "owner password must be at least 8 characters"},
	} {
		t.Run(tt.message, func(t *testing.T) {
			_, _, err := newPlan(t.Context(), tt.owner)
			assert.EqualError(t, err, tt.message)
		})
	}
}
