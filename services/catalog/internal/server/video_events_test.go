package server_test

import (
	"testing"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/fieldmaskpb"

	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"
	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"

	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/natsx"
)

func TestVideoChangesArePublished(t *testing.T) {
	t.Parallel()
	b := setup(t)
	events := b.events(t, "video.>")
	ctx := as(t, b.alice)

	created := createVideo(t, b, b.alice, "Evented")
	renamed, err := b.client.UpdateVideo(ctx, &catalogv1.UpdateVideoRequest{
		Id: created.GetId(), Video: &catalogv1.Video{Name: "Renamed"}, UpdateMask: &fieldmaskpb.FieldMask{Paths: []string{"name"}},
	})
	require.NoError(t, err)
	card, err := b.client.CreateCard(ctx, cardRequest(created.GetId()))
	require.NoError(t, err)
	withCard := getVideo(t, b, b.alice, created.GetId())
	_, err = b.client.DeleteVideo(ctx, &catalogv1.DeleteVideoRequest{Id: created.GetId()})
	require.NoError(t, err)

	for _, want := range []struct {
		subject string
		video   *catalogv1.Video
	}{
		{"video.created", created},
		{"video.updated", renamed},
		{"video.updated", withCard},
		{"video.deleted", withCard},
	} {
		var event eventsv1.VideoEvent
		meta := decode(t, next(t, events), want.subject, &event)
		assert.Equal(t, b.alice.AccountID, meta.GetAccountId(), "consumers learn the account (media folder) from meta")
		assert.True(t, proto.Equal(want.video, event.GetVideo()), "%s carries the full video\nwant %v\ngot  %v", want.subject, want.video, event.GetVideo())
	}
	assert.Equal(t, card.GetId(), withCard.GetCards()[0].GetId())
}

func TestFolderChangesArePublished(t *testing.T) {
	t.Parallel()
	b := setup(t)
	events := b.events(t, "folder.>")
	folder := createFolder(t, b, b.alice, "F", "")
	_, err := b.client.DeleteFolder(as(t, b.alice), &catalogv1.DeleteFolderRequest{Id: folder.GetId()})
	require.NoError(t, err)

	for _, subject := range []string{"folder.created", "folder.deleted"} {
		var event eventsv1.FolderEvent
		decode(t, next(t, events), subject, &event)
		assert.True(t, proto.Equal(folder, event.GetFolder()))
	}
}

// jobs returns a consumer of transcode.jobs. JOBS is a work queue, whose
// consumers must acknowledge explicitly.
func (b testBundle) jobs(t *testing.T) jetstream.Consumer {
	t.Helper()
	consumer, err := b.js.CreateConsumer(t.Context(), natsx.StreamNameJobs, jetstream.ConsumerConfig{
		FilterSubject: natsx.SubjectTranscodeJobs, AckPolicy: jetstream.AckExplicitPolicy,
	})
	require.NoError(t, err)
	return consumer
}

func nextJob(t *testing.T, consumer jetstream.Consumer) *eventsv1.TranscodeJob {
	t.Helper()
	msg := next(t, consumer)
	var job eventsv1.TranscodeJob
	meta := decode(t, msg, natsx.SubjectTranscodeJobs, &job)
	require.NoError(t, msg.Ack())
	assert.Equal(t, meta.GetId(), job.GetMeta().GetId())
	return &job
}

func TestCreatingAVodEnqueuesItsJob(t *testing.T) {
	t.Parallel()
	b := setup(t)
	jobs := b.jobs(t)
	ctx := as(t, b.alice)
	live := b.alice
	live.LiveEnabled = true

	clipped, err := b.client.CreateVideo(ctx, &catalogv1.CreateVideoRequest{Name: "Clip", Spherical: true,
		Input: "https://e.com/a.mp4?sig=1&svc_clip_start=00:01:00&svc_clip_end=00:02:30&b=2"})
	require.NoError(t, err)
	_, err = b.client.CreateVideo(as(t, live), &catalogv1.CreateVideoRequest{Name: "Live", Type: proto.String("event")})
	require.NoError(t, err)
	uploadID := ids.New()
	uploaded, err := b.client.CreateVideo(ctx, &catalogv1.CreateVideoRequest{Name: "Up", Input: "svc://uploads/" + uploadID})
	require.NoError(t, err)

	first := nextJob(t, jobs)
	assert.Equal(t, clipped.GetId(), first.GetVideoId())
	assert.Equal(t, "https://e.com/a.mp4?sig=1&b=2", first.GetSourceUrl(), "clip parameters removed")
	assert.Equal(t, int32(60), first.GetClipStartSeconds())
	assert.Equal(t, int32(150), first.GetClipEndSeconds())
	assert.True(t, first.GetSpherical())
	assert.Equal(t, b.alice.AccountID, first.GetMeta().GetAccountId())

	second := nextJob(t, jobs)
	assert.Equal(t, uploaded.GetId(), second.GetVideoId(), "the live event got no job")
	assert.Equal(t, "uploads/"+b.alice.AccountID+"/"+uploadID+"/source.mp4", second.GetSourceObjectKey())
	assert.Empty(t, second.GetSourceUrl())
	assert.Zero(t, second.GetClipEndSeconds())
}

// A refused create enqueues nothing: the next job is the next video's.
func TestRefusedCreateEnqueuesNoJob(t *testing.T) {
	t.Parallel()
	b := setup(t)
	jobs := b.jobs(t)

	_, err := b.client.CreateVideo(as(t, b.alice), &catalogv1.CreateVideoRequest{Name: "Bad", Input: sourceURL, Categories: []string{"none"}})
	require.Error(t, err)
	good := createVideo(t, b, b.alice, "Good")

	assert.Equal(t, good.GetId(), nextJob(t, jobs).GetVideoId())
	info, err := jobs.Info(t.Context())
	require.NoError(t, err)
	assert.Zero(t, info.NumPending, "and nothing else")
}
