package users

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/vidhost/vidhost/pkg/apirules"
)

// A user's PATCH follows the table the OpenAPI document is generated from
// (pkg/apirules): the name's limit, the roles and the notifications.
func TestPatchFollowsTheInterfaceTable(t *testing.T) {
	rules := apirules.Messages["vidhost.identity.v1.User"].Fields
	patch := func(path string, v User) error {
		_, err := Update{Paths: []string{path}, Values: v}.Patch()
		return err
	}
	limit := rules["name"].MaxLength
	assert.NoError(t, patch("name", User{Name: strings.Repeat("a", limit)}))
	assert.Error(t, patch("name", User{Name: strings.Repeat("a", limit+1)}))
	assert.Error(t, patch("name", User{Name: ""}))
	for _, role := range rules["role"].Enum {
		assert.NoError(t, patch("role", User{Role: role}))
	}
	assert.Error(t, patch("role", User{Role: "superuser"}))
	assert.NoError(t, patch("notifications", User{Notifications: rules["notifications"].ItemEnum}))
	assert.Error(t, patch("notifications", User{Notifications: []string{"video.other"}}))
	_, err := Update{}.Patch()
	assert.Error(t, err, "an empty PATCH")
}
