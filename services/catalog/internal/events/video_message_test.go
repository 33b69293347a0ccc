package events

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/protobuf/encoding/protojson"

	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"

	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/profiles"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
)

func TestVideoAndFolderSubjects(t *testing.T) {
	video := catalog.VideoInput{Name: "v"}.Video()
	folder := catalog.Folder{ID: "f", Name: "F"}
	tests := []struct {
		kind     catalog.EventKind
		resource any
		subject  string
	}{
		{catalog.Created, video, "video.created"},
		{catalog.Updated, video, "video.updated"},
		{catalog.Deleted, video, "video.deleted"},
		{catalog.Created, folder, "folder.created"},
		{catalog.Updated, folder, "folder.updated"},
		{catalog.Deleted, folder, "folder.deleted"},
	}
	for _, tt := range tests {
		t.Run(tt.subject, func(t *testing.T) {
			msg, err := Message(catalog.Event{Kind: tt.kind, Resource: tt.resource})
			require.NoError(t, err)
			assert.Equal(t, tt.subject, msg.Subject)
		})
	}
}

func TestVideoEventOmitsASourceInput(t *testing.T) {
	v := catalog.VideoInput{Name: "v"}.Video()
	v.ID, v.Input = "vid", "https://user:pass@e.com/a.mp4"

	msg, err := Message(catalog.Event{Kind: catalog.Created, AccountID: "acct", Resource: v})
	require.NoError(t, err)

	var event eventsv1.VideoEvent
	require.NoError(t, protojson.Unmarshal(msg.Payload, &event))
	assert.Equal(t, "vid", event.GetVideo().GetId())
	assert.Equal(t, "acct", event.GetMeta().GetAccountId())
	assert.NotContains(t, string(msg.Payload), "pass", "credentials in a source URL never travel")
}

func TestJobMessage(t *testing.T) {
	when := time.Date(2026, 11, 21, 9, 30, 0, 0, time.UTC)
	tests := []struct {
		name  string
		job   catalog.TranscodeJob
		check func(t *testing.T, job *eventsv1.TranscodeJob)
	}{
		{"source URL with clip", catalog.TranscodeJob{VideoID: "v", SourceURL: "https://e.com/a.mp4", Clip: catalog.Clip{Start: 10, End: 70}},
			func(t *testing.T, job *eventsv1.TranscodeJob) {
				assert.Equal(t, "https://e.com/a.mp4", job.GetSourceUrl())
				assert.Equal(t, int32(10), job.GetClipStartSeconds())
				assert.Equal(t, int32(70), job.GetClipEndSeconds())
			}},
		{"upload", catalog.TranscodeJob{VideoID: "v", SourceObjectKey: "uploads/a/u/x.mp4", Spherical: true, Transcoder: profiles.Fixed},
			func(t *testing.T, job *eventsv1.TranscodeJob) {
				assert.Equal(t, "uploads/a/u/x.mp4", job.GetSourceObjectKey())
				assert.Empty(t, job.GetSourceUrl())
				assert.True(t, job.GetSpherical())
				assert.Equal(t, "fixed", job.GetTranscoder())
			}},
		{"efficient", catalog.TranscodeJob{VideoID: "v", SourceObjectKey: "uploads/a/u/x.mp4", Transcoder: profiles.Efficient},
			func(t *testing.T, job *eventsv1.TranscodeJob) {
				assert.Equal(t, "efficient", job.GetTranscoder())
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.job.AccountID, tt.job.Time = "acct", when
			msg, err := JobMessage(tt.job)
			require.NoError(t, err)
			assert.Equal(t, natsx.SubjectTranscodeJobs, msg.Subject)
			var job eventsv1.TranscodeJob
			require.NoError(t, protojson.Unmarshal(msg.Payload, &job))
			assert.Equal(t, msg.ID, job.GetMeta().GetId(), "the job id is the Nats-Msg-Id")
			assert.Equal(t, "acct", job.GetMeta().GetAccountId())
			assert.Equal(t, "2026-11-21T09:30:00.000Z", job.GetMeta().GetOccurredTime())
			assert.Equal(t, "v", job.GetVideoId())
			tt.check(t, &job)
		})
	}
}

func TestDecodeMediaReport(t *testing.T) {
	videoID := "V1StGXR8_Z5jdHi6B-myT"
	tests := []struct {
		name    string
		subject string
		data    string
		want    catalog.MediaReport
		wantErr bool
	}{
		{"progress", natsx.SubjectTranscodeProgress,
			`{"meta": {"account_id": "a"}, "video_id": "` + videoID + `", "progress": 42, "outputs": [{"label": "HLS", "path": "hls/master.m3u8"}]}`,
			catalog.MediaReport{Kind: catalog.MediaProgress, AccountID: "a", VideoID: videoID, Progress: 42,
				Outputs: []catalog.MediaFile{{Label: "HLS", Path: "hls/master.m3u8"}}}, false},
		{"completed", natsx.SubjectTranscodeCompleted,
			`{"meta": {"accountId": "a"}, "videoId": "` + videoID + `", "duration": 1.5, "thumbnailPath": "t.jpg", "spritePath": "s.jpg", "spriteIndexPath": "s.vtt", "width": 2, "height": 1}`,
			catalog.MediaReport{Kind: catalog.MediaCompleted, AccountID: "a", VideoID: videoID, Duration: 1.5, Thumbnail: "t.jpg",
				Sprite: "s.jpg", SpriteIndex: "s.vtt", Width: 2, Height: 1, Outputs: []catalog.MediaFile{}}, false},
		{"failed", natsx.SubjectTranscodeFailed, `{"meta": {"account_id": "a"}, "video_id": "` + videoID + `", "reason": "no video stream"}`,
			catalog.MediaReport{Kind: catalog.MediaFailed, AccountID: "a", VideoID: videoID, Reason: "no video stream"}, false},
		{"unknown fields are ignored", natsx.SubjectTranscodeFailed, `{"meta": {"account_id": "a"}, "video_id": "` + videoID + `", "new_field": 1}`,
			catalog.MediaReport{Kind: catalog.MediaFailed, AccountID: "a", VideoID: videoID}, false},
		{"not JSON", natsx.SubjectTranscodeProgress, `{`, catalog.MediaReport{}, true},
		{"wrong type", natsx.SubjectTranscodeProgress, `{"progress": "lots"}`, catalog.MediaReport{}, true},
		{"no video", natsx.SubjectTranscodeCompleted, `{"meta": {"account_id": "a"}}`, catalog.MediaReport{}, true},
		// The account is what the report is checked against: never optional.
		{"no account", natsx.SubjectTranscodeCompleted, `{"video_id": "` + videoID + `"}`, catalog.MediaReport{}, true},
		{"empty account", natsx.SubjectTranscodeFailed, `{"meta": {"account_id": ""}, "video_id": "` + videoID + `"}`, catalog.MediaReport{}, true},
		{"other subject", natsx.SubjectTranscodeJobs, `{}`, catalog.MediaReport{}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := DecodeMediaReport(tt.subject, []byte(tt.data))
			if tt.wantErr {
				assert.Error(t, err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}
