package media

import (
	"net/url"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseClip(t *testing.T) {
	tests := []struct {
		query string
		want  *Clip
		err   string
	}{
		{"", nil, ""},
		{"other=1", nil, ""},
		{"svc_clip_start=00:00:01&svc_clip_end=00:00:03", &Clip{time.Second, 3 * time.Second}, ""},
		{"svc_clip_start=01:02:03&svc_clip_end=01:04:03", &Clip{time.Hour + 2*time.Minute + 3*time.Second, time.Hour + 4*time.Minute + 3*time.Second}, ""},
		{"svc_clip_start=0:00:01.5&svc_clip_end=00:00:02.250", &Clip{1500 * time.Millisecond, 2250 * time.Millisecond}, ""},
		{"svc_clip_start=00:00:01", nil, "svc_clip_end is required with svc_clip_start"},
		{"svc_clip_end=00:00:01", nil, "svc_clip_start is required with svc_clip_end"},
		{"svc_clip_start=1s&svc_clip_end=00:00:03", nil, "svc_clip_start must be a time code HH:MM:SS"},
		{"svc_clip_start=00:00:01&svc_clip_end=00:61:00", nil, "svc_clip_end must be a time code HH:MM:SS"},
		{"svc_clip_start=00:00:01&svc_clip_end=00:00:NaN", nil, "svc_clip_end must be a time code HH:MM:SS"},
		{"svc_clip_start=00:00:03&svc_clip_end=00:00:03", nil, "svc_clip_end must be after svc_clip_start"},
		{"svc_clip_start=00:00:00&svc_clip_end=00:02:00", &Clip{0, 2 * time.Minute}, ""},
		{"svc_clip_start=00:00:00&svc_clip_end=00:02:01", nil, "svc_clip_end must be at most 2 minutes after svc_clip_start"},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			query, err := url.ParseQuery(tt.query)
			require.NoError(t, err)
			clip, err := ParseClip(query)
			if tt.err != "" {
				var clipErr *ClipError
				require.ErrorAs(t, err, &clipErr)
				assert.Equal(t, tt.err, err.Error())
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, clip)
		})
	}
}

func TestSplitSourceURL(t *testing.T) {
	source, clip, err := SplitSourceURL("https://cdn.example.com/v.mp4?sig=abc&svc_clip_start=00:00:10&svc_clip_end=00:00:20")
	require.NoError(t, err)
	assert.Equal(t, "https://cdn.example.com/v.mp4?sig=abc", source)
	assert.Equal(t, &Clip{10 * time.Second, 20 * time.Second}, clip)

	source, clip, err = SplitSourceURL("https://cdn.example.com/v.mp4?b=2&a=1")
	require.NoError(t, err)
	assert.Equal(t, "https://cdn.example.com/v.mp4?b=2&a=1", source, "untouched without clip parameters")
	assert.Nil(t, clip)
}

func TestTimecode(t *testing.T) {
	assert.Equal(t, "00:00:00", Timecode(0))
	assert.Equal(t, "12:00:00", Timecode(12*time.Hour))
	assert.Equal(t, "01:02:03.250", Timecode(time.Hour+2*time.Minute+3250*time.Millisecond))
}
