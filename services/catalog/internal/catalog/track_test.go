package catalog

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestTrackInputValidate(t *testing.T) {
	const reference = "svc://uploads/V1StGXR8_Z5jdHi6B-myT"
	languageRule := `language must be a BCP 47 language tag, such as "en", "pt-BR" or "zh-Hant"`
	urlRule := "url must be an upload reference svc://uploads/<upload_id>: tracks cannot be pulled from a URL, upload the .vtt file first"
	tests := []struct {
		name    string
		change  func(in *TrackInput)
		wantErr string
	}{
		{"valid", func(in *TrackInput) {}, ""},
		{"subtitles", func(in *TrackInput) { in.Kind = TrackSubtitles }, ""},
		{"label of 50 characters", func(in *TrackInput) { in.Label = strings.Repeat("é", 50) }, ""},
		{"last code of the list", func(in *TrackInput) { in.Language = "zu" }, ""},
		{"no kind", func(in *TrackInput) { in.Kind = "" }, `kind must be "captions" or "subtitles"`},
		{"other kind", func(in *TrackInput) { in.Kind = "chapters" }, `kind must be "captions" or "subtitles"`},
		{"no label", func(in *TrackInput) { in.Label = "" }, "label must be 1-50 characters"},
		{"long label", func(in *TrackInput) { in.Label = strings.Repeat("l", 51) }, "label must be 1-50 characters"},
		{"no language", func(in *TrackInput) { in.Language = "" }, languageRule},
		{"uppercase language", func(in *TrackInput) { in.Language = "EN" }, ""},
		{"region subtag", func(in *TrackInput) { in.Language = "pt-BR" }, ""},
		{"script and region", func(in *TrackInput) { in.Language = "zh-Hant-TW" }, ""},
		{"three letters (ISO 639-2)", func(in *TrackInput) { in.Language = "eng" }, ""},
		{"two letters, no language", func(in *TrackInput) { in.Language = "xx" }, languageRule},
		{"underscore", func(in *TrackInput) { in.Language = "en_US" }, languageRule},
		{"undetermined", func(in *TrackInput) { in.Language = "und" }, languageRule},
		{"no url", func(in *TrackInput) { in.URL = "" }, urlRule},
		{"plain URL", func(in *TrackInput) { in.URL = "https://example.com/en.vtt" }, urlRule},
		{"reference with a query", func(in *TrackInput) { in.URL = reference + "?svc_clip_start=00:00:01" }, urlRule},
		{"short upload id", func(in *TrackInput) { in.URL = "svc://uploads/abc" }, urlRule},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := TrackInput{Label: "English", Language: "en", Kind: TrackCaptions, URL: reference}
			tt.change(&in)
			assertValidation(t, in.Validate(), tt.wantErr)
		})
	}
}

func TestTrackKeepsTheCanonicalLanguageTag(t *testing.T) {
	for in, want := range map[string]string{"en": "en", "EN": "en", "pt-br": "pt-BR", "iw": "he", "zh-hant-tw": "zh-Hant-TW"} {
		track := TrackInput{Label: "l", Language: in, Kind: TrackCaptions}.track("t1")
		assert.Equal(t, want, track.Language, in)
	}
}

func TestUploadPrefixStaysInTheAccountsUploads(t *testing.T) {
	tests := []struct {
		key, want string
	}{
		{"uploads/acct/up1/en.vtt", "uploads/acct/up1/"},
		{"uploads/other/up1/en.vtt", ""},
		{"uploads/acct/en.vtt", ""},
		{"uploads/acct/up1/sub/en.vtt", ""},
		{"videos/acct/v1/tracks/t.vtt", ""},
		{"uploads/acctX/up1/en.vtt", ""},
	}
	for _, tt := range tests {
		t.Run(tt.key, func(t *testing.T) {
			got, err := uploadPrefix("acct", tt.key)
			if tt.want == "" {
				assert.Error(t, err)
				return
			}
			assert.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestCompletedReportKeepsACustomThumbnail(t *testing.T) {
	completed := MediaReport{Kind: MediaCompleted, Thumbnail: "thumbs/thumbnail.jpg", Duration: 3}
	tests := []struct {
		name, current, want string
	}{
		{"none yet", "", "thumbs/thumbnail.jpg"},
		{"custom one sent while transcoding", "thumbs/custom-abc.jpg", "thumbs/custom-abc.jpg"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := VideoInput{Name: "v"}.Video()
			v.Status, v.Thumbnail = StatusProcessing, MediaFile{Path: tt.current}
			next, changed := completed.apply(v)
			assert.True(t, changed)
			assert.Equal(t, StatusReady, next.Status)
			assert.Equal(t, tt.want, next.Thumbnail.Path)
		})
	}
}
