package apirules_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/vidhost/vidhost/pkg/apirules"
	"github.com/vidhost/vidhost/pkg/profiles"
)

// A create names a profile or none; a PATCH has no transcoder rule, since
// the catalog refuses the field there.
func TestTranscoderRule(t *testing.T) {
	create, ok := apirules.Lookup("vidhost.catalog.v1.CreateVideoRequest")
	assert.True(t, ok)
	rule := create.Fields["transcoder"]
	assert.Equal(t, []string{"", "standard", "efficient", "fixed"}, rule.Enum)
	for _, p := range profiles.All() {
		assert.Equal(t, p.Description, rule.EnumText[string(p.Name)])
	}
	patch, _ := apirules.Lookup("vidhost.catalog.v1.Video")
	assert.NotContains(t, patch.Fields, "transcoder")
}
