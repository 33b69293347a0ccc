package server_test

import (
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"
	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"

	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/services/catalog/internal/events"
)

// report publishes a transcode report as a worker would and waits until the
// catalog's consumer has acknowledged it (applied, ignored or
// dead-lettered).
func (b testBundle) report(t *testing.T, subject string, msg proto.Message) {
	t.Helper()
	data, err := protojson.Marshal(msg)
	require.NoError(t, err)
	b.publishRaw(t, subject, data)
}

func (b testBundle) publishRaw(t *testing.T, subject string, data []byte) {
	t.Helper()
	ack, err := b.js.Publish(t.Context(), subject, data, jetstream.WithMsgID(ids.New()))
	require.NoError(t, err)
	consumer, err := b.js.Consumer(t.Context(), natsx.StreamNameMedia, events.MediaConsumerName)
	require.NoError(t, err)
	deadline := time.Now().Add(15 * time.Second)
	for {
		info, err := consumer.Info(t.Context())
		require.NoError(t, err)
		if info.AckFloor.Stream >= ack.Sequence {
			return
		}
		require.True(t, time.Now().Before(deadline), "the catalog did not take report %d", ack.Sequence)
		time.Sleep(10 * time.Millisecond)
	}
}

func meta(b testBundle) *eventsv1.EventMeta {
	return &eventsv1.EventMeta{Id: ids.New(), AccountId: b.alice.AccountID, OccurredTime: "2026-01-01T00:00:00.000Z"}
}

func TestTranscodeReportsMoveTheVideoForward(t *testing.T) {
	t.Parallel()
	b := setup(t)
	updates := b.events(t, natsx.SubjectVideoUpdated)
	settled := b.events(t, "video.*")
	v := createVideo(t, b, b.alice, "Transcoded")
	id := v.GetId()
	hls := []*eventsv1.MediaOutput{{Label: "HLS", Path: "hls/master.m3u8"}}

	b.report(t, natsx.SubjectTranscodeProgress, &eventsv1.TranscodeProgress{Meta: meta(b), VideoId: id, Progress: 0})
	got := getVideo(t, b, b.alice, id)
	assert.Equal(t, "processing", got.GetStatus())
	assert.Zero(t, got.GetProgress())

	b.report(t, natsx.SubjectTranscodeProgress, &eventsv1.TranscodeProgress{Meta: meta(b), VideoId: id, Progress: 40, Outputs: hls})
	got = getVideo(t, b, b.alice, id)
	assert.Equal(t, int32(40), got.GetProgress())
	require.Len(t, got.GetOutputs(), 1, "early outputs for early playback")
	assert.Equal(t, mediaBase+"/"+id+"/hls/master.m3u8", got.GetOutputs()[0].GetUrl())

	b.report(t, natsx.SubjectTranscodeProgress, &eventsv1.TranscodeProgress{Meta: meta(b), VideoId: id, Progress: 20})
	assert.Equal(t, int32(40), getVideo(t, b, b.alice, id).GetProgress(), "progress never goes back")

	completed := &eventsv1.TranscodeCompleted{Meta: meta(b), VideoId: id, Duration: 61.5,
		Outputs:       append(hls, &eventsv1.MediaOutput{Label: "MP4 720p", Path: "mp4/720p.mp4"}),
		ThumbnailPath: "thumbs/poster.jpg", SpritePath: "thumbs/sprite.jpg", SpriteIndexPath: "thumbs/sprite.vtt", Width: 1280, Height: 720}
	b.report(t, natsx.SubjectTranscodeCompleted, completed)
	ready := getVideo(t, b, b.alice, id)
	assert.Equal(t, "ready", ready.GetStatus())
	assert.Equal(t, int32(100), ready.GetProgress())
	assert.Equal(t, 61.5, ready.GetDuration())
	assert.Equal(t, mediaBase+"/"+id+"/thumbs/poster.jpg", ready.GetThumbnail())
	assert.Equal(t, mediaBase+"/"+id+"/thumbs/sprite.jpg", ready.GetSprite())
	assert.Equal(t, []string{mediaBase + "/" + id + "/hls/master.m3u8", mediaBase + "/" + id + "/mp4/720p.mp4"}, outputURLs(ready))
	assert.Empty(t, ready.GetUpdatedBy(), "the service, not a user, made the change")

	// Late and repeated reports change nothing.
	b.report(t, natsx.SubjectTranscodeProgress, &eventsv1.TranscodeProgress{Meta: meta(b), VideoId: id, Progress: 70})
	completed.Meta = meta(b) // a redelivery under a new message id
	completed.Duration = 99
	b.report(t, natsx.SubjectTranscodeCompleted, completed)
	b.report(t, natsx.SubjectTranscodeFailed, &eventsv1.TranscodeFailed{Meta: meta(b), VideoId: id, Reason: "late"})
	assert.Equal(t, ready.String(), getVideo(t, b, b.alice, id).String(), "ready is final")

	// Exactly one video.updated per applied change, each with the video.
	var progress []int32
	for range 3 {
		var event eventsv1.VideoEvent
		decodeAs(t, next(t, updates), natsx.SubjectVideoUpdated, &event)
		progress = append(progress, event.GetVideo().GetProgress())
	}
	assert.Equal(t, []int32{0, 40, 100}, progress)
	info, err := updates.Info(t.Context())
	require.NoError(t, err)
	assert.Zero(t, info.NumPending, "ignored reports published nothing")

	// And one video.ready, after the update that made it ready.
	var subjects []string
	for range 5 { // created, three updates, ready
		subjects = append(subjects, next(t, settled).Subject())
	}
	assert.Equal(t, []string{natsx.SubjectVideoCreated, natsx.SubjectVideoUpdated, natsx.SubjectVideoUpdated,
		natsx.SubjectVideoUpdated, natsx.SubjectVideoReady}, subjects)
	info, err = settled.Info(t.Context())
	require.NoError(t, err)
	assert.Zero(t, info.NumPending, "video.ready once, however many reports")
}

func TestTranscodeFailureIsShown(t *testing.T) {
	t.Parallel()
	b := setup(t)
	failures := b.events(t, natsx.SubjectVideoError)
	v := createVideo(t, b, b.alice, "Broken")

	b.report(t, natsx.SubjectTranscodeProgress, &eventsv1.TranscodeProgress{Meta: meta(b), VideoId: v.GetId(), Progress: 10})
	b.report(t, natsx.SubjectTranscodeFailed, &eventsv1.TranscodeFailed{Meta: meta(b), VideoId: v.GetId(),
		Reason: "the source has no video stream"})
	b.report(t, natsx.SubjectTranscodeCompleted, &eventsv1.TranscodeCompleted{Meta: meta(b), VideoId: v.GetId()})

	got := getVideo(t, b, b.alice, v.GetId())
	assert.Equal(t, "error", got.GetStatus())
	assert.Equal(t, "the source has no video stream", got.GetStatusReason())
	assert.Equal(t, int32(10), got.GetProgress())
	var event eventsv1.VideoEvent
	decodeAs(t, next(t, failures), natsx.SubjectVideoError, &event)
	assert.Equal(t, v.GetId(), event.GetVideo().GetId())
	assert.Equal(t, "the source has no video stream", event.GetVideo().GetStatusReason())
}

func TestReportsMustNameTheVideosAccount(t *testing.T) {
	t.Parallel()
	b := setup(t)
	dead, err := b.js.OrderedConsumer(t.Context(), natsx.StreamNameDeadLetter, jetstream.OrderedConsumerConfig{})
	require.NoError(t, err)
	tests := []struct {
		name string
		meta func() *eventsv1.EventMeta
	}{
		{"another account", func() *eventsv1.EventMeta { m := meta(b); m.AccountId = b.bob.AccountID; return m }},
		{"no account", func() *eventsv1.EventMeta { m := meta(b); m.AccountId = ""; return m }},
		{"no meta at all", func() *eventsv1.EventMeta { return nil }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := createVideo(t, b, b.alice, "Mine")
			forged := &eventsv1.TranscodeCompleted{Meta: tt.meta(), VideoId: v.GetId(), Outputs: []*eventsv1.MediaOutput{{Label: "MP4", Path: "mp4/720p.mp4"}}}

			b.report(t, natsx.SubjectTranscodeCompleted, forged)

			assert.Equal(t, "preparing", getVideo(t, b, b.alice, v.GetId()).GetStatus(), "never applied")
			refused := next(t, dead)
			assert.Equal(t, natsx.DeadLetterSubject(natsx.SubjectTranscodeCompleted), refused.Subject(), "dead-lettered for a person to see")
			assert.Contains(t, string(refused.Data()), v.GetId())
		})
	}
}

func TestReportsForNoVideoAreDropped(t *testing.T) {
	t.Parallel()
	b := setup(t)
	v := createVideo(t, b, b.alice, "Mine")

	b.report(t, natsx.SubjectTranscodeProgress, &eventsv1.TranscodeProgress{Meta: meta(b), VideoId: ids.New(), Progress: 5})
	b.report(t, natsx.SubjectTranscodeProgress, &eventsv1.TranscodeProgress{Meta: meta(b), VideoId: v.GetId(), Progress: 5})

	assert.Equal(t, "processing", getVideo(t, b, b.alice, v.GetId()).GetStatus())
	stream, err := b.js.Stream(t.Context(), natsx.StreamNameDeadLetter)
	require.NoError(t, err)
	info, err := stream.Info(t.Context())
	require.NoError(t, err)
	assert.Zero(t, info.State.Msgs, "a deleted video's report is acknowledged, not dead-lettered")
}

func TestPoisonReportsAreDeadLettered(t *testing.T) {
	t.Parallel()
	b := setup(t)
	dead, err := b.js.OrderedConsumer(t.Context(), natsx.StreamNameDeadLetter, jetstream.OrderedConsumerConfig{})
	require.NoError(t, err)
	v := createVideo(t, b, b.alice, "Still fine")

	b.publishRaw(t, natsx.SubjectTranscodeProgress, []byte("{not json"))
	b.report(t, natsx.SubjectTranscodeCompleted, &eventsv1.TranscodeCompleted{Meta: meta(b), VideoId: "not-an-id"})
	b.report(t, natsx.SubjectTranscodeProgress, &eventsv1.TranscodeProgress{Meta: meta(b), VideoId: v.GetId(), Progress: 5})

	first := next(t, dead)
	assert.Equal(t, natsx.DeadLetterSubject(natsx.SubjectTranscodeProgress), first.Subject())
	assert.Equal(t, "{not json", string(first.Data()), "the message is kept as it came")
	assert.Equal(t, natsx.SubjectTranscodeProgress, first.Headers().Get(natsx.HeaderOriginalSubject))
	assert.NotEmpty(t, first.Headers().Get(natsx.HeaderDeadLetterError))
	second := next(t, dead)
	assert.Equal(t, natsx.DeadLetterSubject(natsx.SubjectTranscodeCompleted), second.Subject())
	assert.Equal(t, "processing", getVideo(t, b, b.alice, v.GetId()).GetStatus(), "poison does not block the reports behind it")
}

func outputURLs(v *catalogv1.Video) []string {
	var urls []string
	for _, o := range v.GetOutputs() {
		urls = append(urls, o.GetUrl())
	}
	return urls
}

// decodeAs is decode for events without an actor (system changes).
func decodeAs(t *testing.T, msg jetstream.Msg, subject string, into event) {
	t.Helper()
	assert.Equal(t, subject, msg.Subject())
	require.NoError(t, protojson.Unmarshal(msg.Data(), into))
	assert.Equal(t, into.GetMeta().GetId(), msg.Headers().Get(jetstream.MsgIDHeader))
}
