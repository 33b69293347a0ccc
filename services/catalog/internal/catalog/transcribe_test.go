package catalog

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/vidhost/vidhost/pkg/langtag"
)

// Reports only move a transcribe forward, so a late, redelivered or
// reordered report changes nothing, and none revives a cancelled one.
func TestTranscribeReportApply(t *testing.T) {
	progress := func(p int) TranscribeReport { return TranscribeReport{Kind: MediaProgress, Progress: p} }
	failed := TranscribeReport{Kind: MediaFailed, Reason: "the video has no audio"}
	tests := []struct {
		name        string
		from        Transcribe
		report      TranscribeReport
		wantStatus  string
		wantPercent int
		wantError   string
		changed     bool
	}{
		{"first progress", Transcribe{Status: TranscribeQueued}, progress(0), TranscribeProcessing, 0, "", true},
		{"progress", Transcribe{Status: TranscribeProcessing}, progress(40), TranscribeProcessing, 40, "", true},
		{"progress never goes back", Transcribe{Status: TranscribeProcessing, Progress: 40}, progress(10), TranscribeProcessing, 40, "", false},
		{"100 only with completed", Transcribe{Status: TranscribeProcessing}, progress(100), TranscribeProcessing, 99, "", true},
		{"failed", Transcribe{Status: TranscribeProcessing}, failed, TranscribeError, 0, "the video has no audio", true},
		{"failed without reason", Transcribe{Status: TranscribeQueued}, TranscribeReport{Kind: MediaFailed}, TranscribeError, 0, "transcribing failed", true},
		{"progress after cancel", Transcribe{Status: TranscribeError, Error: TranscribeCancelled}, progress(0), TranscribeError, 0, TranscribeCancelled, false},
		{"failed after cancel", Transcribe{Status: TranscribeError, Error: TranscribeCancelled}, failed, TranscribeError, 0, TranscribeCancelled, false},
		{"failed after ready", Transcribe{Status: TranscribeReady, Progress: 100}, failed, TranscribeReady, 100, "", false},
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
	mp4 := []MediaFile{{Path: "hls/master.m3u8"}, {Path: "mp4/720p.mp4"}}
	ready := Video{Type: TypeVOD, Status: StatusReady, Duration: 30, Outputs: mp4}
	full := ready
	full.Tracks = make([]Track, TracksMax)
	noMP4 := ready
	noMP4.Outputs = mp4[:1]
	longest, tooLong := ready, ready
	longest.Duration = TranscribeMaxDuration.Seconds()
	tooLong.Duration = TranscribeMaxDuration.Seconds() + 0.5
	assert.NoError(t, checkTranscribable(ready))
	assert.NoError(t, checkTranscribable(longest), "the limit itself is allowed")
	assert.EqualError(t, checkTranscribable(tooLong), "video_id must be a video of at most 3 hours: longer videos cannot be transcribed")
	assert.EqualError(t, checkTranscribable(full), "video already holds 50 tracks, the most it may have")
	assert.EqualError(t, checkTranscribable(noMP4), "video has no MP4 output to transcribe")
	assert.EqualError(t, checkTranscribable(Video{Type: TypeVOD, Status: StatusProcessing, Outputs: mp4}),
		"video must be ready to transcribe (it is processing)")
	assert.EqualError(t, checkTranscribable(Video{Type: TypeEvent, Status: StatusReady}),
		"video_id must be a video of type vod: transcribes are supported only for videos of type vod")
}
