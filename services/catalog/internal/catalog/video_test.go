package catalog

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestVideoValidate(t *testing.T) {
	tags := func(n int) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = "t" + strings.Repeat("x", i)
		}
		return out
	}
	tests := []struct {
		name    string
		change  func(v *Video)
		wantErr string
	}{
		{"defaults", func(v *Video) {}, ""},
		{"100-character name", func(v *Video) { v.Name = strings.Repeat("é", 100) }, ""},
		{"empty name", func(v *Video) { v.Name = "" }, "name must be 1-100 characters"},
		{"101-character name", func(v *Video) { v.Name = strings.Repeat("n", 101) }, "name must be 1-100 characters"},
		{"event", func(v *Video) { v.Type = TypeEvent }, ""},
		{"unknown type", func(v *Video) { v.Type = "live" }, `type must be "vod" or "event"`},
		{"long description", func(v *Video) { v.Description = strings.Repeat("d", 5001) }, "description must be at most 5000 characters"},
		{"public", func(v *Video) { v.Privacy = PrivacyPublic }, ""},
		{"private", func(v *Video) { v.Privacy = PrivacyPrivate }, ""},
		{"unknown privacy", func(v *Video) { v.Privacy = "secret" }, `privacy must be "public", "private" or "unlisted"`},
		{"ten tags", func(v *Video) { v.Tags = tags(10) }, ""},
		{"eleven tags", func(v *Video) { v.Tags = tags(11) }, "tags must hold at most 10 tags"},
		{"upper-case tag", func(v *Video) { v.Tags = []string{"News"} }, `tags contains "News": each tag must be lowercase, single-word, alphanumeric and at most 50 characters`},
		{"two-word tag", func(v *Video) { v.Tags = []string{"two words"} }, `tags contains "two words": each tag must be lowercase, single-word, alphanumeric and at most 50 characters`},
		{"tag with dash", func(v *Video) { v.Tags = []string{"a-b"} }, `tags contains "a-b": each tag must be lowercase, single-word, alphanumeric and at most 50 characters`},
		{"empty tag", func(v *Video) { v.Tags = []string{""} }, `tags contains "": each tag must be lowercase, single-word, alphanumeric and at most 50 characters`},
		{"repeated tag", func(v *Video) { v.Tags = []string{"a", "b", "a"} }, `tags contains "a" more than once`},
		{"categories", func(v *Video) { v.Categories = []string{"sport", "news"} }, ""},
		{"empty category", func(v *Video) { v.Categories = []string{""} }, `categories contains "", which is not a category value (1-40 characters)`},
		{"repeated category", func(v *Video) { v.Categories = []string{"x", "x"} }, `categories contains "x" more than once`},
		{"equirectangular", func(v *Video) { v.Spherical, v.Projection = true, ProjectionEquirectangular }, ""},
		{"cubemap", func(v *Video) { v.Projection = "cubemap" }, `projection must be "equirectangular" or empty`},
		{"standard transcoder", func(v *Video) { v.Transcoder = "standard" }, ""},
		{"efficient transcoder", func(v *Video) { v.Transcoder = "efficient" }, ""},
		{"fixed transcoder", func(v *Video) { v.Transcoder = "fixed" }, ""},
		{"unknown transcoder", func(v *Video) { v.Transcoder = "fast" }, "transcoder must be one of standard, efficient or fixed, or empty for the account's default"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := VideoInput{Name: "Clip"}.Video()
			tt.change(&v)
			assertValidation(t, v.Validate(), tt.wantErr)
		})
	}
}

func TestVideoInputDefaults(t *testing.T) {
	got := VideoInput{Name: "Clip", Input: "https://e.com/a.mp4"}.Video()

	assert.Equal(t, TypeVOD, got.Type)
	assert.Equal(t, PrivacyUnlisted, got.Privacy)
	assert.True(t, got.Enabled)
	assert.Equal(t, StatusPreparing, got.Status)
	assert.Zero(t, got.Progress)
	assert.Equal(t, []MediaFile{}, got.Outputs, "outputs are empty, not null")
	assert.Equal(t, []string{}, got.Tags)
	assert.Empty(t, got.Input, "the input is kept only once it has been checked")
}

func TestVideoInputKeepsSentFields(t *testing.T) {
	event, private, disabled := TypeEvent, PrivacyPrivate, false

	got := VideoInput{Name: "Live", Type: &event, Privacy: &private, Enabled: &disabled}.Video()

	assert.Equal(t, TypeEvent, got.Type)
	assert.Equal(t, PrivacyPrivate, got.Privacy)
	assert.False(t, got.Enabled, "an explicit false beats the true default")
}

func TestTruncateQuotesAShortPrefix(t *testing.T) {
	assert.Equal(t, "abc", Truncate("abc", 3))
	assert.Equal(t, "ab…", Truncate("abc", 2))
	assert.Equal(t, "éé…", Truncate("ééé", 2), "counts characters, not bytes")
}

func TestMediaURL(t *testing.T) {
	m := Media{BaseURL: "https://cdn.example.com/media/"}

	assert.Equal(t, "https://cdn.example.com/media/vid/hls/master.m3u8", m.URL("vid", "hls/master.m3u8"))
	assert.Equal(t, "https://cdn.example.com/media/vid/a%20b.jpg", m.URL("vid", "a b.jpg"))
	assert.Empty(t, m.URL("vid", ""), "no path, no URL")
}
