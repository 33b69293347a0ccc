package blob_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/blob"
)

// badIDs are ids that must never be joined into a key: each would move the
// key out of its account's or video's folder, or make it invalid.
var badIDs = []struct{ name, id string }{
	{"empty", ""},
	{"parent", ".."},
	{"dot", "."},
	{"dot-led", ".meta"},
	{"slash", "a/b"},
	{"traversal", "../b"},
	{"trailing slash", "a/"},
	{"space", "a b"},
	{"percent", "a%2Fb"},
}

func TestVideoKey(t *testing.T) {
	key, err := blob.VideoKey("acc", "vid", "stream/master.m3u8")
	require.NoError(t, err)
	assert.Equal(t, "videos/acc/vid/stream/master.m3u8", key)
	prefix, err := blob.VideoPrefix("acc", "vid")
	require.NoError(t, err)
	assert.Equal(t, "videos/acc/vid/", prefix)

	for _, tt := range badIDs {
		t.Run("account "+tt.name, func(t *testing.T) {
			_, err := blob.VideoKey(tt.id, "vid", "a.mp4")
			assert.ErrorIs(t, err, blob.ErrInvalidKey)
		})
		t.Run("video "+tt.name, func(t *testing.T) {
			_, err := blob.VideoPrefix("acc", tt.id)
			assert.ErrorIs(t, err, blob.ErrInvalidKey)
		})
	}
}

func TestVideoKeyRefusesPathsOutsideTheFolder(t *testing.T) {
	for _, path := range []string{"", "../other/x", "a/../../x", "/abs", "a//b", ".meta/x", "a/", "a b"} {
		t.Run(path, func(t *testing.T) {
			_, err := blob.VideoKey("acc", "vid", path)
			assert.ErrorIs(t, err, blob.ErrInvalidKey)
		})
	}
}

func TestUploadKey(t *testing.T) {
	key, err := blob.UploadKey("acc", "up1", "source.mp4")
	require.NoError(t, err)
	assert.Equal(t, "uploads/acc/up1/source.mp4", key)
	prefix, err := blob.UploadPrefix("acc", "up1")
	require.NoError(t, err)
	assert.Equal(t, "uploads/acc/up1/", prefix)

	for _, tt := range badIDs {
		t.Run("account "+tt.name, func(t *testing.T) {
			_, err := blob.UploadKey(tt.id, "up1", "a.mp4")
			assert.ErrorIs(t, err, blob.ErrInvalidKey)
		})
		t.Run("upload "+tt.name, func(t *testing.T) {
			_, err := blob.UploadPrefix("acc", tt.id)
			assert.ErrorIs(t, err, blob.ErrInvalidKey)
		})
		t.Run("name "+tt.name, func(t *testing.T) {
			_, err := blob.UploadKey("acc", "up1", tt.id)
			assert.ErrorIs(t, err, blob.ErrInvalidKey)
		})
	}
}

func TestParseUploadKey(t *testing.T) {
	tests := []struct {
		key                   string
		account, upload, name string
		ok                    bool
	}{
		{"uploads/acc/up1/source.mp4", "acc", "up1", "source.mp4", true},
		{"uploads/acc/up1", "", "", "", false},
		{"uploads/acc/up1/dir/source.mp4", "", "", "", false},
		{"uploads/../up1/source.mp4", "", "", "", false},
		{"uploads/acc/../source.mp4", "", "", "", false},
		{"uploads/acc/up1/..", "", "", "", false},
		{"uploads//up1/source.mp4", "", "", "", false},
		{"uploads/acc//source.mp4", "", "", "", false},
		{"uploads/acc/up1/", "", "", "", false},
		{"videos/acc/vid/source.mp4", "", "", "", false},
		{"tus/acc/up1/source.mp4", "", "", "", false},
		{"", "", "", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.key, func(t *testing.T) {
			account, upload, name, ok := blob.ParseUploadKey(tt.key)
			assert.Equal(t, tt.ok, ok)
			assert.Equal(t, []string{tt.account, tt.upload, tt.name}, []string{account, upload, name})
		})
	}
}

func TestParseUploadKeyReadsWhatUploadKeyWrites(t *testing.T) {
	key, err := blob.UploadKey("a-b_c", "u~1", "my_file.mov")
	require.NoError(t, err)
	account, upload, name, ok := blob.ParseUploadKey(key)
	require.True(t, ok)
	assert.Equal(t, []string{"a-b_c", "u~1", "my_file.mov"}, []string{account, upload, name})
}
