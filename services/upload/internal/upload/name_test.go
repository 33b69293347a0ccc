package upload

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/blob"
)

func TestKindOf(t *testing.T) {
	tests := map[string]Kind{
		"a.mp4": KindVideo, "a.MOV": KindVideo, "a.webm": KindVideo, "a.ts": KindVideo, "a.3gp": KindVideo,
		"a.jpg": KindThumbnail, "A.JPG": KindThumbnail, "a.vtt": KindTrack, "A.VTT": KindTrack,
		// Anything else may be a video: the worker reads it and says if not.
		"a.jpeg": KindVideo, "mp4": KindVideo, "a.mp4.txt": KindVideo, "a.jpg.mp4": KindVideo,
	}
	for name, want := range tests {
		assert.Equal(t, want, KindOf(name), name)
	}
}

func TestValidateSize(t *testing.T) {
	tests := []struct {
		size float64
		want int64
		ok   bool
	}{
		{1, 1, true},
		{10 << 30, 10 << 30, true},
		{1 << 53, 1 << 53, true},
		{0, 0, false},
		{-5, 0, false},
		{0.5, 0, false},
		{100.25, 0, false},
		{1<<53 + 2, 0, false},
	}
	for _, tt := range tests {
		got, err := validateSize(tt.size)
		if tt.size == 0 {
			assert.EqualError(t, err, "size must be at least 1 byte: the file is empty")
			continue
		}
		if !tt.ok {
			assert.EqualError(t, err, "size must be a whole number of bytes from 1 to 9007199254740992", "%v", tt.size)
			continue
		}
		require.NoError(t, err)
		assert.Equal(t, tt.want, got)
	}
}

func TestObjectKeyIsAValidBlobKeyForAnyName(t *testing.T) {
	tests := map[string]string{
		"clip.mp4":                        "clip.mp4",
		"My Clip (1).MP4":                 "My_Clip__1_.mp4",
		".hidden.mov":                     "_.hidden.mov",
		"../../etc/passwd.vtt":            "_.._.._etc_passwd.vtt",
		"名前.mkv":                          "__.mkv",
		"a/b\\c.jpg":                      "a_b_c.jpg",
		"~tilde_and-dash.wmv":             "~tilde_and-dash.wmv",
		strings.Repeat("x", 300) + ".mp4": strings.Repeat("x", maxKeyNameLength-4) + ".mp4",
	}
	for name, want := range tests {
		key, err := objectKey("acc", "up", name)
		require.NoError(t, err, name)
		assert.Equal(t, "uploads/acc/up/"+want, key, name)
		assert.NoError(t, blob.ValidateKey(key), name)
	}
}

func TestValidateName(t *testing.T) {
	assert.NoError(t, validateName(strings.Repeat("é", 251)+".mp4"), "255 characters, more bytes")
	assert.EqualError(t, validateName(strings.Repeat("é", 252)+".mp4"), "name must be 1-255 characters")
	assert.EqualError(t, validateName("a\x00.mp4"), "name must not contain control characters")
	assert.EqualError(t, validateName("a\xff.mp4"), "name must not contain control characters")
}
