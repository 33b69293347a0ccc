package e2e

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestVideoLifecycle(t *testing.T) {
	v := createVideo(t, map[string]any{"name": "Lifecycle", "description": "first", "tags": []string{"one"}})
	got := getVideo(t, v.ID)
	assert.Equal(t, v, got, "GET shows the video as created")

	var patched video
	mustOK(t, call(t, "PATCH", "/v2/videos/"+v.ID, ownerOf(t), map[string]any{
		"name": "Renamed", "privacy": "private", "enabled": false})).decode(t, &patched)
	assert.Equal(t, "Renamed", patched.Name)
	assert.Equal(t, "private", patched.Privacy)
	assert.False(t, patched.Enabled)
	assert.Equal(t, "first", patched.Description, "a field not sent keeps its value")
	assert.Equal(t, []string{"one"}, patched.Tags)
	assert.Equal(t, v.CreatedTime, patched.CreatedTime)
	assert.Equal(t, patched, getVideo(t, v.ID), "the change is stored")

	mustOK(t, call(t, "PATCH", "/v2/videos/"+v.ID, ownerOf(t), map[string]any{"tags": []string{}, "description": ""}))
	cleared := getVideo(t, v.ID)
	assert.Empty(t, cleared.Tags, "an empty value sent is a change, not an absence")
	assert.Empty(t, cleared.Description)
	assert.Equal(t, "Renamed", cleared.Name)

	deleted := mustOK(t, call(t, "DELETE", "/v2/videos/"+v.ID, ownerOf(t), nil))
	assert.JSONEq(t, "{}", string(deleted.Body.Result))
	mustFail(t, call(t, "GET", "/v2/videos/"+v.ID, ownerOf(t), nil), http.StatusNotFound, "Not found")
	mustFail(t, call(t, "DELETE", "/v2/videos/"+v.ID, ownerOf(t), nil), http.StatusNotFound, "Not found")
}

func TestPatchVideoRejectsWhatItCannotChange(t *testing.T) {
	v := createVideo(t, map[string]any{"name": "Guarded"})
	cases := []struct {
		name  string
		body  map[string]any
		field string
	}{
		{"input", map[string]any{"input": "https://elsewhere.example.invalid/b.mp4"}, "input"},
		{"outputs", map[string]any{"outputs": []map[string]string{{"label": "hls", "url": "https://x.invalid/a.m3u8"}}}, "outputs"},
		{"progress", map[string]any{"progress": 100}, "progress"},
		{"status", map[string]any{"status": "ready"}, "status"},
		{"sprite", map[string]any{"sprite": "https://x.invalid/s.jpg"}, "sprite"},
		{"type", map[string]any{"type": "event"}, "type"},
		{"cards", map[string]any{"cards": []map[string]any{}}, "cards"},
		{"name 101 characters", map[string]any{"name": strings.Repeat("n", 101)}, "name"},
		{"privacy bogus", map[string]any{"privacy": "hidden"}, "privacy"},
		{"tag uppercase", map[string]any{"tags": []string{"Upper"}}, "tags"},
		{"category unknown", map[string]any{"categories": []string{"never-created"}}, "categories"},
		{"projection bogus", map[string]any{"projection": "flat"}, "projection"},
		{"empty body", map[string]any{}, "request"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			mustFailField(t, call(t, "PATCH", "/v2/videos/"+v.ID, ownerOf(t), tc.body), tc.field)
		})
	}
	t.Run("system field beside a valid one changes nothing", func(t *testing.T) {
		mustFailField(t, call(t, "PATCH", "/v2/videos/"+v.ID, ownerOf(t), map[string]any{"name": "Sneaky", "status": "ready"}), "status")
		got := getVideo(t, v.ID)
		require.Equal(t, "Guarded", got.Name)
		require.Equal(t, "preparing", got.Status)
	})
	mustFail(t, call(t, "PATCH", "/v2/videos/"+v.ID, ownerOf(t), map[string]any{"colour": "red"}), http.StatusBadRequest, "colour")
}
