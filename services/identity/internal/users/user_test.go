package users

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestCanUsePassword(t *testing.T) {
	assert.True(t, CanUsePassword(User{Authentication: AuthenticationPassword}))
	assert.False(t, CanUsePassword(User{Authentication: AuthenticationSSO}), "sso users sign in at their provider only")
}
