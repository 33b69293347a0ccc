package server_test

import (
	"testing"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"

	"github.com/vidhost/vidhost/pkg/natsx"
)

// An event goes live on live.started, to processing on live.ended with its
// recording queued for the ladder, and to ready on the ladder's report.
func TestLiveReportsMoveTheEventForward(t *testing.T) {
	t.Parallel()
	b := setup(t)
	jobs := b.jobs(t)
	event := createEvent(t, b, b.alice)
	id := event.GetId()
	assert.Equal(t, "preparing", event.GetStatus())

	liveHLS := []*eventsv1.MediaOutput{{Label: "HLS live", Path: "live/master.m3u8"}}
	b.report(t, natsx.SubjectLiveStarted, &eventsv1.LiveStarted{Meta: meta(b), VideoId: id, Outputs: liveHLS})
	live := getVideo(t, b, b.alice, id)
	assert.Equal(t, "live", live.GetStatus())
	assert.Equal(t, []string{mediaBase + "/" + id + "/live/master.m3u8"}, outputURLs(live))

	recording := "uploads/" + b.alice.AccountID + "/" + id + "/recording.ts"
	b.report(t, natsx.SubjectLiveEnded, &eventsv1.LiveEnded{Meta: meta(b), VideoId: id, RecordingObjectKey: recording, Duration: 12})
	assert.Equal(t, "processing", getVideo(t, b, b.alice, id).GetStatus())
	job := nextJob(t, jobs)
	assert.Equal(t, id, job.GetVideoId())
	assert.Equal(t, recording, job.GetSourceObjectKey(), "the recording goes through the VOD ladder")

	b.report(t, natsx.SubjectLiveStarted, &eventsv1.LiveStarted{Meta: meta(b), VideoId: id, Outputs: liveHLS})
	assert.Equal(t, "processing", getVideo(t, b, b.alice, id).GetStatus(), "a late live.started changes nothing")

	b.report(t, natsx.SubjectTranscodeCompleted, &eventsv1.TranscodeCompleted{Meta: meta(b), VideoId: id, Duration: 12,
		Outputs: []*eventsv1.MediaOutput{{Label: "HLS", Path: "stream/master.m3u8"}}})
	ready := getVideo(t, b, b.alice, id)
	assert.Equal(t, "ready", ready.GetStatus())
	assert.Equal(t, 12.0, ready.GetDuration())
	assert.Equal(t, []string{mediaBase + "/" + id + "/stream/master.m3u8"}, outputURLs(ready))
}

func TestLiveEndedWithoutRecordingIsAnError(t *testing.T) {
	t.Parallel()
	b := setup(t)
	id := createEvent(t, b, b.alice).GetId()
	b.report(t, natsx.SubjectLiveEnded, &eventsv1.LiveEnded{Meta: meta(b), VideoId: id, Reason: "the stream had no video track"})
	got := getVideo(t, b, b.alice, id)
	assert.Equal(t, "error", got.GetStatus())
}

// A recording that is not an upload key of the event's account is forged
// or misrouted: dead-lettered, the event unchanged.
func TestLiveEndedWithAnotherAccountsRecordingIsRefused(t *testing.T) {
	t.Parallel()
	b := setup(t)
	dead, err := b.js.OrderedConsumer(t.Context(), natsx.StreamNameDeadLetter, jetstream.OrderedConsumerConfig{})
	require.NoError(t, err)
	id := createEvent(t, b, b.alice).GetId()
	b.report(t, natsx.SubjectLiveEnded, &eventsv1.LiveEnded{Meta: meta(b), VideoId: id,
		RecordingObjectKey: "uploads/" + b.bob.AccountID + "/" + id + "/recording.ts"})
	refused := next(t, dead)
	assert.Equal(t, natsx.DeadLetterSubject(natsx.SubjectLiveEnded), refused.Subject())
	require.Equal(t, "preparing", getVideo(t, b, b.alice, id).GetStatus())
}
