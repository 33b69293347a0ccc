package catalog

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestParseSource(t *testing.T) {
	uploadID := "V1StGXR8_Z5jdHi6B-myT"
	tests := []struct {
		name    string
		input   string
		want    Source
		wantErr string
	}{
		{"http URL", "http://example.com/a.mp4", Source{URL: "http://example.com/a.mp4"}, ""},
		{"https URL with query", "https://cdn.example.com/a.mp4?sig=abc&x=1", Source{URL: "https://cdn.example.com/a.mp4?sig=abc&x=1"}, ""},
		{"clip removed, other parameters kept in order", "https://e.com/a.mp4?z=1&svc_clip_start=00:00:10&a=2&svc_clip_end=00:01:00&sig=x%2By",
			Source{URL: "https://e.com/a.mp4?z=1&a=2&sig=x%2By", Clip: Clip{Start: 10, End: 60}}, ""},
		{"clip of exactly two minutes", "https://e.com/a.mp4?svc_clip_start=01:00:00&svc_clip_end=01:02:00",
			Source{URL: "https://e.com/a.mp4", Clip: Clip{Start: 3600, End: 3720}}, ""},
		{"escaped clip parameters", "https://e.com/a.mp4?svc_clip_start=00%3A00%3A01&svc_clip_end=00%3A00%3A02",
			Source{URL: "https://e.com/a.mp4", Clip: Clip{Start: 1, End: 2}}, ""},
		{"upload reference", "svc://uploads/" + uploadID, Source{UploadID: uploadID}, ""},
		{"upload reference with clip", "svc://uploads/" + uploadID + "?svc_clip_start=00:00:00&svc_clip_end=00:00:30",
			Source{UploadID: uploadID, Clip: Clip{Start: 0, End: 30}}, ""},
		{"empty", "", Source{}, "input is required for a vod: a source URL or svc://uploads/<upload_id>"},
		{"too long", "https://e.com/" + strings.Repeat("a", 2048), Source{}, "input must be at most 2048 characters"},
		{"ftp", "ftp://e.com/a.mp4", Source{}, "input must be an http(s) URL or an upload reference svc://uploads/<upload_id>"},
		{"no host", "https:///a.mp4", Source{}, "input must be an http(s) URL or an upload reference svc://uploads/<upload_id>"},
		{"relative", "a.mp4", Source{}, "input must be an http(s) URL or an upload reference svc://uploads/<upload_id>"},
		{"javascript", "javascript:alert(1)", Source{}, "input must be an http(s) URL or an upload reference svc://uploads/<upload_id>"},
		{"short upload id", "svc://uploads/abc", Source{}, "input must be an http(s) URL or an upload reference svc://uploads/<upload_id>"},
		{"other svc resource", "svc://tracks/" + uploadID, Source{}, "input must be an http(s) URL or an upload reference svc://uploads/<upload_id>"},
		{"clip end twice", "https://e.com/a.mp4?svc_clip_start=00:00:10&svc_clip_end=00:00:20&svc_clip_end=00:00:30", Source{},
			"input svc_clip_end must be given once"},
		{"clip start twice", "svc://uploads/" + uploadID + "?svc_clip_start=00:00:10&svc_clip_start=00:00:11&svc_clip_end=00:00:20", Source{},
			"input svc_clip_start must be given once"},
		{"clip start only", "https://e.com/a.mp4?svc_clip_start=00:00:10", Source{}, "input must carry both svc_clip_start and svc_clip_end for a clip"},
		{"clip end only", "https://e.com/a.mp4?svc_clip_end=00:00:10", Source{}, "input must carry both svc_clip_start and svc_clip_end for a clip"},
		{"bad start", "https://e.com/a.mp4?svc_clip_start=10&svc_clip_end=00:00:20", Source{}, "input svc_clip_start must be a time-code HH:MM:SS"},
		{"bad end", "https://e.com/a.mp4?svc_clip_start=00:00:10&svc_clip_end=00:00:61", Source{}, "input svc_clip_end must be a time-code HH:MM:SS"},
		{"start after end", "https://e.com/a.mp4?svc_clip_start=00:00:30&svc_clip_end=00:00:20", Source{}, "input svc_clip_start must be before svc_clip_end"},
		{"start equals end", "https://e.com/a.mp4?svc_clip_start=00:00:30&svc_clip_end=00:00:30", Source{}, "input svc_clip_start must be before svc_clip_end"},
		{"clip too long", "https://e.com/a.mp4?svc_clip_start=00:00:00&svc_clip_end=00:02:01", Source{}, "input clip must last at most two minutes"},
		{"bad clip on upload", "svc://uploads/" + uploadID + "?svc_clip_start=00:00:00&svc_clip_end=00:05:00", Source{}, "input clip must last at most two minutes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseSource(tt.input)
			assertValidation(t, err, tt.wantErr)
			if tt.wantErr == "" {
				assert.Equal(t, tt.want, got)
			}
		})
	}
}

func TestTimecodes(t *testing.T) {
	tests := []struct {
		text    string
		seconds int
		ok      bool
	}{
		{"00:00:00", 0, true},
		{"01:02:03", 3723, true},
		{"99:59:59", MaxSeconds, true},
		{"1:02:03", 0, false},
		{"00:60:00", 0, false},
		{"00:00:60", 0, false},
		{"00:00:00 ", 0, false},
		{"", 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			seconds, ok := parseTimecode(tt.text)
			assert.Equal(t, tt.ok, ok)
			assert.Equal(t, tt.seconds, seconds)
			if ok {
				assert.Equal(t, tt.text, FormatTimecode(seconds), "formatting round-trips")
			}
		})
	}
	assert.Equal(t, "99:59:59", FormatTimecode(MaxSeconds+10), "clamped")
}
