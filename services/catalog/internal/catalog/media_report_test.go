package catalog

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestMediaReportMovesStatusForwardOnly(t *testing.T) {
	hls := []MediaFile{{Label: "HLS", Path: "hls/master.m3u8"}}
	all := append(hls, MediaFile{Label: "MP4 720p", Path: "mp4/720p.mp4"})
	completed := MediaReport{Kind: MediaCompleted, Outputs: all, Duration: 61.5, Thumbnail: "thumbs/poster.jpg",
		Sprite: "thumbs/sprite.jpg", SpriteIndex: "thumbs/sprite.vtt", Width: 1920, Height: 1080}
	tests := []struct {
		name        string
		status      string
		progress    int
		report      MediaReport
		wantStatus  string
		wantPercent int
		wantChange  bool
	}{
		{"first progress", StatusPreparing, 0, MediaReport{Kind: MediaProgress, Progress: 0}, StatusProcessing, 0, true},
		{"progress", StatusProcessing, 10, MediaReport{Kind: MediaProgress, Progress: 40}, StatusProcessing, 40, true},
		{"same progress again", StatusProcessing, 40, MediaReport{Kind: MediaProgress, Progress: 40}, StatusProcessing, 40, false},
		{"late, lower progress", StatusProcessing, 60, MediaReport{Kind: MediaProgress, Progress: 30}, StatusProcessing, 60, false},
		{"progress 100 waits for completed", StatusProcessing, 60, MediaReport{Kind: MediaProgress, Progress: 100}, StatusProcessing, 99, true},
		{"completed", StatusProcessing, 60, completed, StatusReady, 100, true},
		{"completed before any progress", StatusPreparing, 0, completed, StatusReady, 100, true},
		{"progress after ready", StatusReady, 100, MediaReport{Kind: MediaProgress, Progress: 50}, StatusReady, 100, false},
		{"completed again", StatusReady, 100, completed, StatusReady, 100, false},
		{"failed after ready", StatusReady, 100, MediaReport{Kind: MediaFailed, Reason: "x"}, StatusReady, 100, false},
		{"failed", StatusProcessing, 30, MediaReport{Kind: MediaFailed, Reason: "unsupported codec"}, StatusError, 30, true},
		{"completed after failed", StatusError, 30, completed, StatusError, 30, false},
		{"progress after failed", StatusError, 30, MediaReport{Kind: MediaProgress, Progress: 90}, StatusError, 30, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := VideoInput{Name: "v"}.Video()
			v.Status, v.Progress = tt.status, tt.progress

			got, changed := tt.report.apply(v)

			assert.Equal(t, tt.wantChange, changed)
			assert.Equal(t, tt.wantStatus, got.Status)
			assert.Equal(t, tt.wantPercent, got.Progress)
		})
	}
}

func TestMediaReportContents(t *testing.T) {
	v := VideoInput{Name: "v"}.Video()
	early := []MediaFile{{Label: "HLS", Path: "hls/master.m3u8"}}

	v, _ = MediaReport{Kind: MediaProgress, Progress: 20, Outputs: early}.apply(v)
	assert.Equal(t, early, v.Outputs, "early outputs are applied")
	v, _ = MediaReport{Kind: MediaProgress, Progress: 30}.apply(v)
	assert.Equal(t, early, v.Outputs, "a progress without outputs keeps them")

	v, _ = MediaReport{Kind: MediaCompleted, Outputs: early, Duration: 12.5, Thumbnail: "t.jpg", Sprite: "s.jpg",
		SpriteIndex: "s.vtt", Width: 640, Height: 360}.apply(v)
	assert.Equal(t, 12.5, v.Duration)
	assert.Equal(t, "t.jpg", v.Thumbnail.Path)
	assert.Equal(t, "s.jpg", v.Sprite.Path)
	assert.Equal(t, "s.vtt", v.SpriteIndex.Path)
	assert.Equal(t, [2]int{640, 360}, [2]int{v.Width, v.Height})

	failed, _ := MediaReport{Kind: MediaFailed}.apply(VideoInput{Name: "v"}.Video())
	assert.Equal(t, "transcoding failed", failed.StatusReason, "a failure always says something")

	event := VideoInput{Name: "v"}.Video()
	event.Type = TypeEvent
	_, changed := MediaReport{Kind: MediaCompleted}.apply(event)
	assert.False(t, changed, "live events are not transcoded")
}

func TestLiveReportsMoveAnEventForwardOnly(t *testing.T) {
	started := MediaReport{Kind: MediaLive, Outputs: []MediaFile{{Label: "HLS live", Path: "live/master.m3u8"}}}
	recorded := MediaReport{Kind: MediaLiveEnded, Recording: "uploads/a/v/recording.ts"}
	tests := []struct {
		name       string
		typ        string
		status     string
		report     MediaReport
		wantStatus string
		wantChange bool
	}{
		{"goes live", TypeEvent, StatusPreparing, started, StatusLive, true},
		{"live again (reconnect)", TypeEvent, StatusLive, started, StatusLive, false},
		{"ends with a recording", TypeEvent, StatusLive, recorded, StatusProcessing, true},
		{"ends before going live", TypeEvent, StatusPreparing, recorded, StatusProcessing, true},
		{"ends without a recording", TypeEvent, StatusLive, MediaReport{Kind: MediaLiveEnded}, StatusError, true},
		{"late live.started", TypeEvent, StatusProcessing, started, StatusProcessing, false},
		{"late live.ended", TypeEvent, StatusProcessing, recorded, StatusProcessing, false},
		{"after ready", TypeEvent, StatusReady, started, StatusReady, false},
		{"a vod never goes live", TypeVOD, StatusPreparing, started, StatusPreparing, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := VideoInput{Name: "v"}.Video()
			v.Type, v.Status = tt.typ, tt.status
			if tt.status == StatusLive {
				v.Outputs = started.Outputs
			}
			got, changed := tt.report.apply(v)
			assert.Equal(t, tt.wantChange, changed)
			assert.Equal(t, tt.wantStatus, got.Status)
		})
	}
}
