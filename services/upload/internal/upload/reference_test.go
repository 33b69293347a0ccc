package upload

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/ids"
)

func TestParseReference(t *testing.T) {
	id := ids.New()
	got, err := parseReference("input", Reference(id))
	require.NoError(t, err)
	assert.Equal(t, id, got)
	assert.True(t, IsReference(Reference(id)))
	assert.False(t, IsReference("https://example.com/a.mp4"))

	malformed := "input must be an upload reference svc://uploads/<upload_id>"
	for ref, message := range map[string]string{
		"":                            malformed,
		"svc://uploads/":              malformed,
		"svc://videos/" + id:          malformed,
		"SVC://uploads/" + id:         malformed,
		"svc://uploads/" + id + "?x":  malformed,
		"svc://uploads/" + id + "/":   malformed,
		"svc://uploads/short":         "input references an upload that does not exist",
		"svc://uploads/" + id + "xyz": "input references an upload that does not exist",
	} {
		_, err := parseReference("input", ref)
		assert.EqualError(t, err, message, ref)
	}
}
