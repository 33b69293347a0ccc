package blob_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/blob"
)

func TestLayoutBuildsKeys(t *testing.T) {
	tests := []struct {
		name  string
		build func() (string, error)
		want  string
	}{
		{"video key", func() (string, error) { return blob.VideoKey("acc", "vid", "stream/master.m3u8") }, "videos/acc/vid/stream/master.m3u8"},
		{"video prefix", func() (string, error) { return blob.VideoPrefix("acc", "vid") }, "videos/acc/vid/"},
		{"upload key", func() (string, error) { return blob.UploadKey("acc", "up1", "source.mp4") }, "uploads/acc/up1/source.mp4"},
		{"upload prefix", func() (string, error) { return blob.UploadPrefix("acc", "up1") }, "uploads/acc/up1/"},
		{"plan prefix", func() (string, error) { return blob.PlanPrefix("acc", "vid", "plan1") }, "transcode/acc/vid/plan1/"},
		{"transcode prefix", func() (string, error) { return blob.TranscodePrefix("acc", "vid") }, "transcode/acc/vid/"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.build()
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
			assert.NoError(t, blob.ValidatePrefix(got))
		})
	}
}

// Each part that names a folder (or an upload's file) must be one key
// segment: anything else would move the key out of its account's or
// video's folder, or make it invalid.
func TestLayoutRefusesMalformedParts(t *testing.T) {
	parts := map[string]func(part string) (string, error){
		"video account":  func(p string) (string, error) { return blob.VideoKey(p, "vid", "a.mp4") },
		"video id":       func(p string) (string, error) { return blob.VideoKey("acc", p, "a.mp4") },
		"video prefix":   func(p string) (string, error) { return blob.VideoPrefix("acc", p) },
		"upload account": func(p string) (string, error) { return blob.UploadKey(p, "up1", "a.mp4") },
		"upload id":      func(p string) (string, error) { return blob.UploadPrefix("acc", p) },
		"upload name":    func(p string) (string, error) { return blob.UploadKey("acc", "up1", p) },
		"plan account":   func(p string) (string, error) { return blob.PlanPrefix(p, "vid", "plan1") },
		"plan video":     func(p string) (string, error) { return blob.PlanPrefix("acc", p, "plan1") },
		"plan id":        func(p string) (string, error) { return blob.PlanPrefix("acc", "vid", p) },
		"plans video":    func(p string) (string, error) { return blob.TranscodePrefix("acc", p) },
	}
	bad := []string{"", "..", ".", ".meta", "a/b", "../b", "a/", "/a", "a b", "a%2Fb", "a\x00"}
	for name, build := range parts {
		for _, part := range bad {
			t.Run(name+" "+part, func(t *testing.T) {
				key, err := build(part)
				assert.ErrorIs(t, err, blob.ErrInvalidKey)
				assert.Empty(t, key)
			})
		}
	}
	assert.NoError(t, blob.ValidateID("a-b_c~1.x"))
}

func TestVideoKeyKeepsPathsInsideTheFolder(t *testing.T) {
	for _, path := range []string{"", "../other/x", "a/../../x", "/abs", "a//b", ".meta/x", "a/", "a b"} {
		t.Run(path, func(t *testing.T) {
			_, err := blob.VideoKey("acc", "vid", path)
			assert.ErrorIs(t, err, blob.ErrInvalidKey)
		})
	}
}

func TestParseUploadKey(t *testing.T) {
	account, upload, name, ok := blob.ParseUploadKey("uploads/acc/up1/source.mp4")
	require.True(t, ok)
	assert.Equal(t, []string{"acc", "up1", "source.mp4"}, []string{account, upload, name})

	for _, key := range []string{
		"", "uploads/acc/up1", "uploads/acc/up1/", "uploads/acc/up1/dir/source.mp4",
		"uploads/../up1/source.mp4", "uploads/acc/../source.mp4", "uploads/acc/up1/..",
		"uploads//up1/source.mp4", "uploads/acc//source.mp4",
		"videos/acc/vid/source.mp4", "tus/acc/up1/source.mp4",
	} {
		t.Run(key, func(t *testing.T) {
			account, upload, name, ok := blob.ParseUploadKey(key)
			assert.False(t, ok)
			assert.Empty(t, account+upload+name, "nothing is returned from a key that does not parse")
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
