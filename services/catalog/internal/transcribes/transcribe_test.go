package transcribes

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/vidhost/vidhost/pkg/langtag"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
)

// Reports only move a transcribe forward, so a late, redelivered or
// reordered report changes nothing, and none revives a cancelled one.
func TestReportApply(t *testing.T) {
	progress := func(p int) Report { return Report{Kind: catalog.MediaProgress, Progress: p} }
	failed := Report{Kind: catalog.MediaFailed, Reason: "the video has no audio"}
	tests := []struct {
		name        string
		from        catalog.Transcribe
		report      Report
		wantStatus  string
		wantPercent int
		wantError   string
		changed     bool
	}{
		{"first progress", catalog.Transcribe{Status: catalog.TranscribeQueued}, progress(0), catalog.TranscribeProcessing, 0, "", true},
		{"progress", catalog.Transcribe{Status: catalog.TranscribeProcessing}, progress(40), catalog.TranscribeProcessing, 40, "", true},
		{"progress never goes back", catalog.Transcribe{Status: catalog.TranscribeProcessing, Progress: 40}, progress(10), catalog.TranscribeProcessing, 40, "", false},
		{"100 only with completed", catalog.Transcribe{Status: catalog.TranscribeProcessing}, progress(100), catalog.TranscribeProcessing, 99, "", true},
		{"failed", catalog.Transcribe{Status: catalog.TranscribeProcessing}, failed, catalog.TranscribeError, 0, "the video has no audio", true},
		{"failed without reason", catalog.Transcribe{Status: catalog.TranscribeQueued}, Report{Kind: catalog.MediaFailed}, catalog.TranscribeError, 0, "transcribing failed", true},
		{"progress after cancel", catalog.Transcribe{Status: catalog.TranscribeError, Error: catalog.TranscribeCancelled}, progress(0), catalog.TranscribeError, 0, catalog.TranscribeCancelled, false},
		{"failed after cancel", catalog.Transcribe{Status: catalog.TranscribeError, Error: catalog.TranscribeCancelled}, failed, catalog.TranscribeError, 0, catalog.TranscribeCancelled, false},
		{"failed after ready", catalog.Transcribe{Status: catalog.TranscribeReady, Progress: 100}, failed, catalog.TranscribeReady, 100, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, changed := tt.report.apply(tt.from)
			assert.Equal(t, tt.changed, changed)
			assert.Equal(t, tt.wantStatus, got.Status)
			assert.Equal(t, tt.wantPercent, got.Progress)
			assert.Equal(t, tt.wantError, got.Error)
		})
	}
}

func TestTrackLanguageIsTheTagsBase(t *testing.T) {
	assert.Equal(t, "en", trackLanguage("en-US"))
	assert.Equal(t, "pt", trackLanguage("pt-BR"))
	_, err := langtag.Canonical(trackLanguage("de-DE"))
	assert.NoError(t, err, "a valid track language")
}

func TestCheckTranscribable(t *testing.T) {
	mp4 := []catalog.MediaFile{{Path: "hls/master.m3u8"}, {Path: "mp4/720p.mp4"}}
	ready := catalog.Video{Type: catalog.TypeVOD, Status: catalog.StatusReady, Duration: 30, Outputs: mp4}
	full := ready
	full.Tracks = make([]catalog.Track, catalog.TracksMax)
	noMP4 := ready
	noMP4.Outputs = mp4[:1]
	longest, tooLong := ready, ready
	longest.Duration = MaxDuration.Seconds()
	tooLong.Duration = MaxDuration.Seconds() + 0.5
	assert.NoError(t, checkTranscribable(ready))
	assert.NoError(t, checkTranscribable(longest), "the limit itself is allowed")
	assert.EqualError(t, checkTranscribable(tooLong), "video_id must be a video of at most 3 hours: longer videos cannot be transcribed")
	assert.EqualError(t, checkTranscribable(full), "video already holds 50 tracks, the most it may have")
	assert.EqualError(t, checkTranscribable(noMP4), "video has no MP4 output to transcribe")
	assert.EqualError(t, checkTranscribable(catalog.Video{Type: catalog.TypeVOD, Status: catalog.StatusProcessing, Outputs: mp4}),
		"video must be ready to transcribe (it is processing)")
	assert.EqualError(t, checkTranscribable(catalog.Video{Type: catalog.TypeEvent, Status: catalog.StatusReady}),
		"video_id must be a video of type vod: transcribes are supported only for videos of type vod")
}
