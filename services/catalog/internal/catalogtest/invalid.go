package catalogtest

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/apperr"
)

// AssertInvalid asserts that err is nil when want is empty, and otherwise a
// validation error (apperr.Invalid) reading want.
func AssertInvalid(t *testing.T, err error, want string) {
	t.Helper()
	if want == "" {
		assert.NoError(t, err)
		return
	}
	var invalid *apperr.Invalid
	require.ErrorAs(t, err, &invalid)
	assert.Equal(t, want, invalid.Error())
}
