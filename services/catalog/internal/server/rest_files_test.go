package server_test

import (
	"maps"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The REST mapping of tracks and the thumbnail, with the interface's JSON.
func TestRESTTracksAndThumbnail(t *testing.T) {
	t.Parallel()
	b := setup(t)
	base := rest(t, b) + "/v2/videos/"
	id := createVideo(t, b, b.alice, "V").GetId()
	track, _ := b.uploads.upload(t, b.alice, "fr.vtt", []byte(captions))
	poster, _ := b.uploads.upload(t, b.alice, "poster.jpg", jpegOfSize(t, 3000))

	status, out := call(t, http.MethodPost, base+id+"/tracks",
		`{"label": "Français", "language": "fr", "kind": "subtitles", "url": "`+track+`"}`)
	require.Equal(t, http.StatusOK, status, out)
	assert.Equal(t, "subtitles", out["kind"])
	assert.Equal(t, mediaBase+"/"+id+"/tracks/"+out["id"].(string)+".vtt", out["url"])
	trackID := out["id"].(string)

	status, out = call(t, http.MethodPost, base+id+"/tracks",
		`{"label": "x", "language": "fr", "kind": "subtitles", "url": "https://e.com/fr.vtt"}`)
	assert.Equal(t, http.StatusBadRequest, status)
	assert.True(t, strings.HasPrefix(out["message"].(string), "url must be an upload reference"), out["message"])

	status, out = call(t, http.MethodPost, base+id+"/thumbnail", `{"url": "`+poster+`"}`)
	require.Equal(t, http.StatusOK, status, out)
	assert.Equal(t, []string{"url"}, slices.Collect(maps.Keys(out)), "the result is {url}")
	assert.True(t, strings.HasPrefix(out["url"].(string), mediaBase+"/"+id+"/thumbs/custom-"), out["url"])

	status, out = call(t, http.MethodDelete, base+id+"/tracks/"+trackID, "")
	require.Equal(t, http.StatusOK, status, out)
	status, _ = call(t, http.MethodDelete, base+id+"/thumbnail", "")
	assert.NotEqual(t, http.StatusOK, status, "a thumbnail has no delete")
}
