package events

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/profiles"
	"github.com/vidhost/vidhost/services/transcode/internal/job"
	"github.com/vidhost/vidhost/services/transcode/internal/liveclip"
	"github.com/vidhost/vidhost/services/transcode/internal/media"
)

func TestJobRoundTrip(t *testing.T) {
	jobs := []job.Job{
		{ID: ids.New(), AccountID: "a", VideoID: ids.New(), SourceKey: "uploads/a/b/source.mp4", Transcoder: profiles.Standard},
		{ID: ids.New(), AccountID: ids.New(), VideoID: ids.New(), SourceURL: "https://example.com/v.mp4",
			Clip: &media.Clip{Start: 5 * time.Second, End: 65 * time.Second}, Spherical: true, Transcoder: profiles.Efficient},
		{ID: ids.New(), AccountID: "a", VideoID: ids.New(), SourceKey: "uploads/a/b/source.mp4", Transcoder: profiles.Fixed},
		{ID: ids.New(), AccountID: "a", VideoID: ids.New(), Transcoder: profiles.Standard, Live: &liveclip.Clip{
			EventVideoID: ids.New(), MasterPlaylist: "live/master.m3u8", Variants: []liveclip.Variant{
				{Playlist: "source/index.m3u8", Init: "init_0.mp4", Segments: []liveclip.Segment{{Name: "00007.m4s", Duration: 2.002}}},
				{Playlist: "360p/index.m3u8", Init: "init_1.mp4", Segments: []liveclip.Segment{{Name: "00007.m4s", Duration: 2}}},
			}}},
	}
	for _, want := range jobs {
		data, err := EncodeJob(want)
		require.NoError(t, err)
		got, err := DecodeJob(data)
		require.NoError(t, err)
		assert.Equal(t, want, got)
	}
}

func TestDecodeJobRefusesWhatCannotRun(t *testing.T) {
	meta := `"meta":{"id":"job-1","accountId":"acc"}`
	video := `"videoId":"` + ids.New() + `"`
	tests := []struct {
		name, message, reason string
	}{
		{"not JSON", `nope`, "job message is not a TranscodeJob"},
		{"no source", `{` + meta + `,` + video + `}`, "job must name exactly one source"},
		{"no video", `{` + meta + `,"sourceUrl":"https://x/v.mp4"}`, "job names no valid video_id"},
		{"clip backwards", `{` + meta + `,` + video + `,"sourceUrl":"https://x/v.mp4","clipStartSeconds":9,"clipEndSeconds":3}`,
			"clip must end after it starts"},
		{"clip too long", `{` + meta + `,` + video + `,"sourceUrl":"https://x/v.mp4","clipEndSeconds":121}`,
			"clip must be at most 2m0s long"},
		{"bad key", `{` + meta + `,` + video + `,"sourceObjectKey":"../etc/passwd"}`, "source_object_key is not a valid key"},
		{"newer profile", `{` + meta + `,` + video + `,"sourceUrl":"https://x/v.mp4","transcoder":"hyper"}`,
			`transcoding profile "hyper" is not known to this version of the transcode service`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := DecodeJob([]byte(tt.message))
			var invalid *job.InvalidError
			require.ErrorAs(t, err, &invalid)
			assert.Equal(t, tt.reason, invalid.Reason)
		})
	}
}

// A job enqueued before profiles names none: it is the standard profile.
func TestDecodeJobWithoutTranscoderIsStandard(t *testing.T) {
	message := `{"meta":{"id":"j","accountId":"a"},"videoId":"` + ids.New() + `","sourceUrl":"https://x/v.mp4"}`
	j, err := DecodeJob([]byte(message))
	require.NoError(t, err)
	assert.Equal(t, profiles.Standard, j.Transcoder)
}

func TestDecodeJobIgnoresUnknownFields(t *testing.T) {
	message := `{"meta":{"id":"j","accountId":"a"},"videoId":"` + ids.New() + `","sourceUrl":"https://x/v.mp4","priority":5}`
	_, err := DecodeJob([]byte(message))
	assert.NoError(t, err, "a newer catalog's fields must not poison jobs")
}

func TestDerivedID(t *testing.T) {
	j := job.Job{ID: "job-1", VideoID: "video-1"}
	completed := DerivedID(j, "completed")
	assert.True(t, ids.Valid(completed), "shaped like every event id")
	assert.Equal(t, completed, DerivedID(j, "completed"), "the same for every attempt")
	assert.NotEqual(t, completed, DerivedID(j, "failed"))
	assert.NotEqual(t, completed, DerivedID(job.Job{ID: "job-2", VideoID: "video-1"}, "completed"))
	assert.NotEqual(t, DerivedID(job.Job{VideoID: "v1"}, "failed"), DerivedID(job.Job{VideoID: "v2"}, "failed"),
		"jobs without an id still differ")
}
