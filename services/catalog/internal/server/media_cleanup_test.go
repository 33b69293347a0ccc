package server_test

import (
	"bytes"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/protobuf/encoding/protojson"

	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"
	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"

	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/principal"
)

// store puts a small object at key, as a worker or an upload would.
func (b testBundle) store(t *testing.T, key string) {
	t.Helper()
	require.NoError(t, b.objects.Put(t.Context(), key, bytes.NewReader([]byte("x")), 1, ""))
}

// waitEmpty waits (15 s at most) until nothing is stored under prefix.
func (b testBundle) waitEmpty(t *testing.T, prefix string) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for len(b.keys(t, prefix)) > 0 {
		require.True(t, time.Now().Before(deadline), "still stored under %s: %v", prefix, b.keys(t, prefix))
		time.Sleep(20 * time.Millisecond)
	}
}

// uploadedVideo creates a video from an upload whose source is stored, and
// stores what a transcode and the client would have added to its folder.
func uploadedVideo(t *testing.T, b testBundle) (id, sourceFolder string) {
	t.Helper()
	uploadID := ids.New()
	sourceFolder = "uploads/" + b.alice.AccountID + "/" + uploadID + "/"
	b.store(t, sourceFolder+"source.mp4")
	v, err := b.client.CreateVideo(as(t, b.alice), &catalogv1.CreateVideoRequest{Name: "Gone", Input: "svc://uploads/" + uploadID})
	require.NoError(t, err)
	id = v.GetId()
	for _, file := range []string{"stream/master.m3u8", "stream/360p/seg_00001.m4s", "mp4/360p.mp4",
		"thumbnail.jpg", "sprite.jpg", "sprite.vtt", "tracks/t1.vtt", "thumbnails/custom.jpg"} {
		b.store(t, mediaFolder(b.alice, id)+file)
	}
	// What a failed chunked plan leaves in the transcode service's folder.
	b.store(t, planFolder(b.alice, id)+"plan1/chunks/0/stream/dash-0.mpd")
	return id, sourceFolder
}

// planFolder is the transcode service's private folder of a video's plans.
func planFolder(p principal.Principal, videoID string) string {
	return "transcode/" + p.AccountID + "/" + videoID + "/"
}

func TestDeletingAVideoDeletesItsMedia(t *testing.T) {
	t.Parallel()
	b := setup(t)
	id, sourceFolder := uploadedVideo(t, b)
	other := createVideo(t, b, b.alice, "Kept")
	b.store(t, mediaFolder(b.alice, other.GetId())+"mp4/360p.mp4")

	_, err := b.client.DeleteVideo(as(t, b.alice), &catalogv1.DeleteVideoRequest{Id: id})
	require.NoError(t, err)

	b.waitEmpty(t, mediaFolder(b.alice, id))
	b.waitEmpty(t, sourceFolder)
	b.waitEmpty(t, planFolder(b.alice, id))
	assert.Len(t, b.keys(t, mediaFolder(b.alice, other.GetId())), 1, "another video's media stay")
}

func TestMediaCleanupIsIdempotent(t *testing.T) {
	t.Parallel()
	b := setup(t)
	id, sourceFolder := uploadedVideo(t, b)
	_, err := b.client.DeleteVideo(as(t, b.alice), &catalogv1.DeleteVideoRequest{Id: id})
	require.NoError(t, err)
	b.waitEmpty(t, mediaFolder(b.alice, id))

	// The same event again, as a redelivery would bring it, with a file
	// stored since: it is deleted, and the consumer goes on.
	b.store(t, mediaFolder(b.alice, id)+"mp4/late.mp4")
	again := &eventsv1.VideoEvent{Meta: meta(b), Video: &catalogv1.Video{Id: id},
		SourceObjectKey: sourceFolder + "source.mp4"}
	data, err := protojson.Marshal(again)
	require.NoError(t, err)
	_, err = b.js.Publish(t.Context(), natsx.SubjectVideoDeleted, data)
	require.NoError(t, err)
	b.waitEmpty(t, mediaFolder(b.alice, id))

	_, err = b.client.DeleteVideo(as(t, b.alice), &catalogv1.DeleteVideoRequest{Id: id})
	assert.Error(t, err, "a second DELETE finds no video")
	assert.Empty(t, b.keys(t, sourceFolder))
}

func TestLateReportForADeletedVideoDeletesItsOutputs(t *testing.T) {
	t.Parallel()
	b := setup(t)
	id, _ := uploadedVideo(t, b)
	_, err := b.client.DeleteVideo(as(t, b.alice), &catalogv1.DeleteVideoRequest{Id: id})
	require.NoError(t, err)
	b.waitEmpty(t, mediaFolder(b.alice, id))

	// A worker still running writes its outputs after the clean-up, then
	// reports.
	b.store(t, mediaFolder(b.alice, id)+"stream/master.m3u8")
	b.store(t, mediaFolder(b.alice, id)+"mp4/360p.mp4")
	b.report(t, natsx.SubjectTranscodeCompleted, &eventsv1.TranscodeCompleted{Meta: meta(b), VideoId: id,
		Outputs: []*eventsv1.MediaOutput{{Label: "MP4 360p", Path: "mp4/360p.mp4"}}})

	assert.Empty(t, b.keys(t, mediaFolder(b.alice, id)), "deleted before the report is acknowledged")
}

func TestVideoDeletedThatCanNeverWorkIsDeadLettered(t *testing.T) {
	t.Parallel()
	b := setup(t)
	dead, err := b.js.OrderedConsumer(t.Context(), natsx.StreamNameDeadLetter, jetstream.OrderedConsumerConfig{})
	require.NoError(t, err)
	id := ids.New()
	b.store(t, mediaFolder(b.alice, id)+"mp4/360p.mp4")
	bobsUpload := "uploads/" + b.bob.AccountID + "/" + ids.New() + "/"
	b.store(t, bobsUpload+"source.mp4")
	tests := []struct {
		name  string
		event *eventsv1.VideoEvent
	}{
		{"no video id", &eventsv1.VideoEvent{Meta: meta(b), Video: &catalogv1.Video{}}},
		{"source of another account", &eventsv1.VideoEvent{Meta: meta(b), Video: &catalogv1.Video{Id: id},
			SourceObjectKey: bobsUpload + "source.mp4"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data, err := protojson.Marshal(tt.event)
			require.NoError(t, err)
			_, err = b.js.Publish(t.Context(), natsx.SubjectVideoDeleted, data)
			require.NoError(t, err)

			refused := next(t, dead)
			assert.Equal(t, natsx.DeadLetterSubject(natsx.SubjectVideoDeleted), refused.Subject())
			assert.NotEmpty(t, refused.Headers().Get(natsx.HeaderDeadLetterError))
		})
	}
	assert.NotEmpty(t, b.keys(t, bobsUpload), "another account's upload is never deleted")
	assert.NotEmpty(t, b.keys(t, mediaFolder(b.alice, id)), "nothing is deleted by an event refused whole")
}
