package action

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestBestMP4IsTheTallest(t *testing.T) {
	best, ok := bestMP4([]object{{Path: "stream/master.m3u8"}, {Path: "mp4/360p.mp4"}, {Path: "mp4/1080p.mp4"}, {Path: "mp4/720p.mp4"}})
	assert.True(t, ok)
	assert.Equal(t, "mp4/1080p.mp4", best.Path)
	_, ok = bestMP4([]object{{Path: "thumbs/0.jpg"}, {Path: "mp4/notes.txt"}})
	assert.False(t, ok)
}

func TestInsertBodyFollowsTheParams(t *testing.T) {
	vid := video{ID: "v1", Name: "Launch"}
	assert.Equal(t, map[string]any{"name": "Launch", "input": "https://src"}, insertBody(vid, "https://src", nil))
	assert.Equal(t, map[string]any{"name": "Copy of Launch (v1)", "input": "https://src", "privacy": "private",
		"tags": []string{"a", "b"}}, insertBody(vid, "https://src", map[string]string{"name": "Copy of {name} ({id})",
		"privacy": "private", "tags": "a,b"}))
}

func TestAPIURLAndTargetPrefix(t *testing.T) {
	assert.Equal(t, "https://v.example/v2/videos", apiURL("https://v.example/v2/", "/videos"))
	assert.Equal(t, "https://v.example/v2/videos", apiURL("https://v.example", "/videos"))
	assert.Equal(t, "archive/2026/v1/", TargetPrefix("/archive/2026/", "v1"))
	assert.Equal(t, "v1/", TargetPrefix("", "v1"))
}
