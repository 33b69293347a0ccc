package e2e

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// A video's metadata is the client's: set on create and PATCH, returned by
// every read exactly as sent, bounded in bytes.
func TestVideoMetadataPassesThrough(t *testing.T) {
	const first = `{"crm_id": 42, "note": "«unicode» kept"}`
	v := createVideo(t, map[string]any{"name": "Passthrough", "metadata": first})
	assert.Equal(t, first, v.Metadata)
	assert.Equal(t, first, getVideo(t, v.ID).Metadata)

	var patched video
	mustOK(t, call(t, "PATCH", "/v2/videos/"+v.ID, ownerOf(t), map[string]any{"metadata": "ref-7"})).decode(t, &patched)
	assert.Equal(t, "ref-7", patched.Metadata)
	name := uniqueWord(t, "meta")
	mustOK(t, call(t, "PATCH", "/v2/videos/"+v.ID, ownerOf(t), map[string]any{"name": name})).decode(t, &patched)
	assert.Equal(t, "ref-7", patched.Metadata, "a PATCH without metadata keeps it")
	listed := listAll(t, "/v2/videos?search="+name)
	if assert.Len(t, listed, 1) {
		assert.Equal(t, "ref-7", listed[0].Metadata, "lists show it too")
	}

	mustFailField(t, call(t, "POST", "/v2/videos", ownerOf(t), videoBody(map[string]any{"metadata": strings.Repeat("x", 4097)})), "metadata")
	mustFailField(t, call(t, "PATCH", "/v2/videos/"+v.ID, ownerOf(t), map[string]any{"metadata": strings.Repeat("x", 4097)}), "metadata")
	assert.Equal(t, http.StatusOK, call(t, "PATCH", "/v2/videos/"+v.ID, ownerOf(t), map[string]any{"metadata": strings.Repeat("x", 4096)}).Status)
}
