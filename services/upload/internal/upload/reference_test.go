package upload

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/uploadref"
)

func TestParseReference(t *testing.T) {
	id := ids.New()
	got, err := parseReference("input", uploadref.Format(id))
	require.NoError(t, err)
	assert.Equal(t, id, got)

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
