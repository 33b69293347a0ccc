package server_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"
	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"

	"github.com/vidhost/vidhost/pkg/grpcx/grpcxtest"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/natstest"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/services/catalog/app"
	"github.com/vidhost/vidhost/services/catalog/internal/events"
)

// readyVideo is a vod of p that a transcode report made ready, lasting
// duration seconds, with an MP4 output.
func readyVideo(t *testing.T, b testBundle, p principal.Principal, duration float64) *catalogv1.Video {
	t.Helper()
	v := createVideo(t, b, p, "Spoken")
	b.report(t, natsx.SubjectTranscodeCompleted, &eventsv1.TranscodeCompleted{Meta: metaOf(p), VideoId: v.GetId(),
		Duration: duration, Outputs: []*eventsv1.MediaOutput{{Label: "MP4 720p", Path: "mp4/720p.mp4"}}})
	require.Equal(t, "ready", getVideo(t, b, p, v.GetId()).GetStatus())
	return v
}

func metaOf(p principal.Principal) *eventsv1.EventMeta {
	return &eventsv1.EventMeta{Id: ids.New(), AccountId: p.AccountID, OccurredTime: "2026-01-01T00:00:00.000Z"}
}

func transcribeRequest(videoID string) *catalogv1.CreateTranscribeRequest {
	return &catalogv1.CreateTranscribeRequest{VideoId: videoID, Language: "en-US", Label: "English (automatic)"}
}

// transcribeReport publishes a worker's report and waits until the
// catalog's transcribe consumer has acknowledged it.
func (b testBundle) transcribeReport(t *testing.T, subject string, msg proto.Message) {
	t.Helper()
	data, err := protojson.Marshal(msg)
	require.NoError(t, err)
	ack, err := b.js.Publish(t.Context(), subject, data, jetstream.WithMsgID(ids.New()))
	require.NoError(t, err)
	consumer, err := b.js.Consumer(t.Context(), natsx.StreamNameMedia, events.TranscribeConsumerName)
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

// transcribeJobs returns a consumer of transcribe.jobs.
func (b testBundle) transcribeJobs(t *testing.T) jetstream.Consumer {
	t.Helper()
	consumer, err := b.js.CreateConsumer(t.Context(), natsx.StreamNameJobs, jetstream.ConsumerConfig{
		FilterSubject: natsx.SubjectTranscribeJobs, AckPolicy: jetstream.AckExplicitPolicy,
	})
	require.NoError(t, err)
	return consumer
}

// writeTranscript stores a WebVTT where the worker writes tr's and returns
// its key.
func (b testBundle) writeTranscript(t *testing.T, p principal.Principal, tr *catalogv1.Transcribe, vtt string) string {
	t.Helper()
	key := mediaFolder(p, tr.GetVideoId()) + "transcribes/" + tr.GetId() + ".vtt"
	require.NoError(t, b.objects.Put(t.Context(), key, strings.NewReader(vtt), int64(len(vtt)), "text/vtt"))
	return key
}

func (b testBundle) completed(t *testing.T, p principal.Principal, tr *catalogv1.Transcribe, key string) {
	t.Helper()
	b.transcribeReport(t, natsx.SubjectTranscribeCompleted, &eventsv1.TranscribeCompleted{Meta: metaOf(p),
		TranscribeId: tr.GetId(), VideoId: tr.GetVideoId(), VttObjectKey: key, CueCount: 2})
}

func getTranscribe(t *testing.T, b testBundle, p principal.Principal, id string) *catalogv1.Transcribe {
	t.Helper()
	tr, err := b.client.GetTranscribe(as(t, p), &catalogv1.GetTranscribeRequest{Id: id})
	require.NoError(t, err)
	return tr
}

func TestTranscribeIsQueuedWithItsJob(t *testing.T) {
	t.Parallel()
	b := setup(t)
	jobs := b.transcribeJobs(t)
	v := readyVideo(t, b, b.alice, 30)

	tr, err := b.client.CreateTranscribe(as(t, b.alice), &catalogv1.CreateTranscribeRequest{
		VideoId: v.GetId(), Language: "en-us", Label: "English"})

	require.NoError(t, err)
	assert.Len(t, tr.GetId(), 21)
	assert.Equal(t, "en-US", tr.GetLanguage(), "canonical form")
	assert.Equal(t, "subtitles", tr.GetKind(), "the default kind")
	assert.Equal(t, "queued", tr.GetStatus())
	assert.Equal(t, b.alice.ActorID, tr.GetCreatedBy())
	assert.True(t, proto.Equal(tr, getTranscribe(t, b, b.alice, tr.GetId())))
	msg := next(t, jobs)
	var job eventsv1.TranscribeJob
	decode(t, msg, natsx.SubjectTranscribeJobs, &job)
	require.NoError(t, msg.Ack())
	assert.Equal(t, tr.GetId(), job.GetTranscribeId())
	assert.Equal(t, v.GetId(), job.GetVideoId())
	assert.Equal(t, mediaFolder(b.alice, v.GetId())+"mp4/720p.mp4", job.GetSourceObjectKey())
	assert.Equal(t, "en-US", job.GetLanguage())
	assert.Equal(t, b.alice.AccountID, job.GetMeta().GetAccountId())
}

func TestTranscribeRequestsRefused(t *testing.T) {
	t.Parallel()
	b := setup(t)
	v := readyVideo(t, b, b.alice, 30)
	long := readyVideo(t, b, b.alice, 3*3600+1)
	preparing := createVideo(t, b, b.alice, "Not yet")
	bobs := readyVideo(t, b, b.bob, 30)
	live := b.alice
	live.LiveEnabled = true
	event, err := b.client.CreateVideo(as(t, live), &catalogv1.CreateVideoRequest{Name: "Live", Type: proto.String("event")})
	require.NoError(t, err)
	with := func(change func(r *catalogv1.CreateTranscribeRequest)) *catalogv1.CreateTranscribeRequest {
		r := transcribeRequest(v.GetId())
		change(r)
		return r
	}
	tests := []struct {
		name    string
		request *catalogv1.CreateTranscribeRequest
		code    codes.Code
		message string
	}{
		{"no video", with(func(r *catalogv1.CreateTranscribeRequest) { r.VideoId = "" }), codes.InvalidArgument, "video_id is required"},
		{"no language", with(func(r *catalogv1.CreateTranscribeRequest) { r.Language = "" }), codes.InvalidArgument,
			`language must be a BCP 47 tag with a region, such as "en-US" (one of: en-US)`},
		{"a word", with(func(r *catalogv1.CreateTranscribeRequest) { r.Language = "english" }), codes.InvalidArgument,
			`language must be a BCP 47 tag with a region, such as "en-US" (one of: en-US)`},
		{"no region", with(func(r *catalogv1.CreateTranscribeRequest) { r.Language = "en" }), codes.InvalidArgument,
			`language must be a BCP 47 tag with a region, such as "en-US" (one of: en-US)`},
		{"unknown tag", with(func(r *catalogv1.CreateTranscribeRequest) { r.Language = "xx-YY" }), codes.InvalidArgument,
			`language must be a BCP 47 tag with a region, such as "en-US" (one of: en-US)`},
		{"unsupported", with(func(r *catalogv1.CreateTranscribeRequest) { r.Language = "fr-FR" }), codes.InvalidArgument,
			"language must be one of: en-US"},
		{"empty label", with(func(r *catalogv1.CreateTranscribeRequest) { r.Label = "" }), codes.InvalidArgument,
			"label must be 1-50 characters"},
		{"long label", with(func(r *catalogv1.CreateTranscribeRequest) { r.Label = strings.Repeat("é", 51) }), codes.InvalidArgument,
			"label must be 1-50 characters"},
		{"kind", with(func(r *catalogv1.CreateTranscribeRequest) { r.Kind = "chapters" }), codes.InvalidArgument,
			`kind must be "subtitles" or "captions"`},
		{"unknown video", transcribeRequest(ids.New()), codes.NotFound, "Not found"},
		{"malformed video id", transcribeRequest("../x"), codes.NotFound, "Not found"},
		{"another account's video", transcribeRequest(bobs.GetId()), codes.NotFound, "Not found"},
		{"a live event", transcribeRequest(event.GetId()), codes.InvalidArgument,
			"video_id must be a video of type vod: transcribes are supported only for videos of type vod"},
		{"not ready", transcribeRequest(preparing.GetId()), codes.AlreadyExists, "video must be ready to transcribe (it is preparing)"},
		{"too long", transcribeRequest(long.GetId()), codes.InvalidArgument,
			"video_id must be a video of at most 3 hours: longer videos cannot be transcribed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := b.client.CreateTranscribe(as(t, live), tt.request)
			grpcxtest.RequireStatus(t, err, tt.code, tt.message)
		})
	}
	list, err := b.client.ListTranscribes(as(t, b.alice), &catalogv1.ListTranscribesRequest{})
	require.NoError(t, err)
	assert.Empty(t, list.GetItems(), "nothing refused was stored")
}

// Issue 28: where no transcode worker has a speech engine
// (VIDHOST_TRANSCRIBE_ENGINE=off, as the devstack sets it when pocketsphinx
// is missing), a transcribe is refused at once with what to install,
// never stored to wait in the queue.
func TestTranscribeRefusedWithoutASpeechEngine(t *testing.T) {
	t.Parallel()
	b := setupWith(t, natstest.Start(t), func(c *app.Config) { c.TranscribeEngine = "off" })
	v := readyVideo(t, b, b.alice, 30)

	_, err := b.client.CreateTranscribe(as(t, b.alice), transcribeRequest(v.GetId()))

	grpcxtest.RequireStatus(t, err, codes.FailedPrecondition, "transcribes are off on this installation because no speech engine is installed: "+
		"install pocketsphinx and pocketsphinx-en-us (make deps-run does) and restart Vidhost")
	list, err := b.client.ListTranscribes(as(t, b.alice), &catalogv1.ListTranscribesRequest{})
	require.NoError(t, err)
	assert.Empty(t, list.GetItems(), "nothing queued")
}

func TestTranscribeNeedsRoomForATrack(t *testing.T) {
	t.Parallel()
	b := setup(t)
	v := readyVideo(t, b, b.alice, 30)
	for range 50 {
		reference, _ := b.uploads.upload(t, b.alice, "x.vtt", []byte(captions))
		_, err := b.client.CreateTrack(as(t, b.alice), trackRequest(v.GetId(), reference))
		require.NoError(t, err)
	}

	_, err := b.client.CreateTranscribe(as(t, b.alice), transcribeRequest(v.GetId()))

	grpcxtest.RequireStatus(t, err, codes.AlreadyExists, "video already holds 50 tracks, the most it may have")
}

func TestTranscribeReportsAddATrack(t *testing.T) {
	t.Parallel()
	b := setup(t)
	v := readyVideo(t, b, b.alice, 30)
	tr, err := b.client.CreateTranscribe(as(t, b.alice), &catalogv1.CreateTranscribeRequest{
		VideoId: v.GetId(), Language: "en-US", Label: "English (automatic)", Kind: "captions"})
	require.NoError(t, err)

	b.transcribeReport(t, natsx.SubjectTranscribeProgress, &eventsv1.TranscribeProgress{Meta: metaOf(b.alice),
		TranscribeId: tr.GetId(), VideoId: v.GetId(), Progress: 0})
	assert.Equal(t, "processing", getTranscribe(t, b, b.alice, tr.GetId()).GetStatus())

	key := b.writeTranscript(t, b.alice, tr, captions)
	b.completed(t, b.alice, tr, key)

	done := getTranscribe(t, b, b.alice, tr.GetId())
	assert.Equal(t, "ready", done.GetStatus())
	assert.Equal(t, int32(100), done.GetProgress())
	assert.Empty(t, done.GetError())
	tracks := getVideo(t, b, b.alice, v.GetId()).GetTracks()
	require.Len(t, tracks, 1)
	track := tracks[0]
	assert.Equal(t, done.GetTrackId(), track.GetId())
	assert.Equal(t, "en", track.GetLanguage(), "the tag's base language")
	assert.Equal(t, "English (automatic)", track.GetLabel())
	assert.Equal(t, "captions", track.GetKind())
	assert.Equal(t, mediaBase+"/"+v.GetId()+"/tracks/"+track.GetId()+".vtt", track.GetUrl())
	data, contentType := b.read(t, mediaFolder(b.alice, v.GetId())+"tracks/"+track.GetId()+".vtt")
	assert.Equal(t, captions, string(data))
	assert.Equal(t, "text/vtt; charset=utf-8", contentType, "stored as an uploaded track is")
	assert.NotContains(t, b.keys(t, mediaFolder(b.alice, v.GetId())), key, "the worker's file is deleted")

	// The same report again (redelivered) adds no second track.
	b.completed(t, b.alice, tr, key)
	assert.Len(t, getVideo(t, b, b.alice, v.GetId()).GetTracks(), 1)
	assert.True(t, proto.Equal(done, getTranscribe(t, b, b.alice, tr.GetId())))
}

func TestTranscribeFailureIsShownAndFinal(t *testing.T) {
	t.Parallel()
	b := setup(t)
	v := readyVideo(t, b, b.alice, 30)
	tr, err := b.client.CreateTranscribe(as(t, b.alice), transcribeRequest(v.GetId()))
	require.NoError(t, err)

	b.transcribeReport(t, natsx.SubjectTranscribeFailed, &eventsv1.TranscribeFailed{Meta: metaOf(b.alice),
		TranscribeId: tr.GetId(), VideoId: v.GetId(), Reason: "the video has no audio"})
	b.transcribeReport(t, natsx.SubjectTranscribeProgress, &eventsv1.TranscribeProgress{Meta: metaOf(b.alice),
		TranscribeId: tr.GetId(), VideoId: v.GetId(), Progress: 0})

	got := getTranscribe(t, b, b.alice, tr.GetId())
	assert.Equal(t, "error", got.GetStatus())
	assert.Equal(t, "the video has no audio", got.GetError())
}

func TestTranscriptThatIsNotWebVTTEndsInError(t *testing.T) {
	t.Parallel()
	b := setup(t)
	v := readyVideo(t, b, b.alice, 30)
	tr, err := b.client.CreateTranscribe(as(t, b.alice), transcribeRequest(v.GetId()))
	require.NoError(t, err)

	key := b.writeTranscript(t, b.alice, tr, "not a subtitle file")
	b.completed(t, b.alice, tr, key)

	got := getTranscribe(t, b, b.alice, tr.GetId())
	assert.Equal(t, "error", got.GetStatus())
	assert.True(t, strings.HasPrefix(got.GetError(), "the transcript could not be stored as a track: "), got.GetError())
	assert.Empty(t, getVideo(t, b, b.alice, v.GetId()).GetTracks())
	assert.NotContains(t, b.keys(t, mediaFolder(b.alice, v.GetId())), key, "the refused file is deleted")
}

// A transcribe whose job was sent is cancelling until its worker reports:
// the worker is told on transcribe.cancels.<id>, a progress report changes
// nothing, the final report (here a completion that raced the cancel) ends
// it cancelled without a track and deletes the file; then it is removed.
func TestDeleteCancelsThenRemoves(t *testing.T) {
	t.Parallel()
	b := setup(t)
	v := readyVideo(t, b, b.alice, 30)
	tr, err := b.client.CreateTranscribe(as(t, b.alice), transcribeRequest(v.GetId()))
	require.NoError(t, err)

	_, err = b.client.DeleteTranscribe(as(t, b.alice), &catalogv1.DeleteTranscribeRequest{Id: tr.GetId()})
	require.NoError(t, err)
	cancelling := getTranscribe(t, b, b.alice, tr.GetId())
	assert.Equal(t, "cancelling", cancelling.GetStatus())
	assert.Empty(t, cancelling.GetError())
	cancel := b.transcribeCancel(t, tr.GetId())
	assert.Equal(t, v.GetId(), cancel.GetVideoId())
	assert.Equal(t, b.alice.AccountID, cancel.GetMeta().GetAccountId())

	// Deleting it again changes nothing while the worker may hold the job.
	_, err = b.client.DeleteTranscribe(as(t, b.alice), &catalogv1.DeleteTranscribeRequest{Id: tr.GetId()})
	require.NoError(t, err)
	b.transcribeReport(t, natsx.SubjectTranscribeProgress, &eventsv1.TranscribeProgress{Meta: metaOf(b.alice),
		TranscribeId: tr.GetId(), VideoId: v.GetId(), Progress: 0})
	assert.True(t, proto.Equal(cancelling, getTranscribe(t, b, b.alice, tr.GetId())))

	// The worker finished before it saw the cancel: no track, its file goes.
	key := b.writeTranscript(t, b.alice, tr, captions)
	b.completed(t, b.alice, tr, key)
	cancelled := getTranscribe(t, b, b.alice, tr.GetId())
	assert.Equal(t, "cancelled", cancelled.GetStatus())
	assert.Empty(t, getVideo(t, b, b.alice, v.GetId()).GetTracks())
	assert.Empty(t, b.keys(t, mediaFolder(b.alice, v.GetId())+"transcribes/"))
	b.completed(t, b.alice, tr, key) // redelivered: still nothing
	assert.True(t, proto.Equal(cancelled, getTranscribe(t, b, b.alice, tr.GetId())))

	_, err = b.client.DeleteTranscribe(as(t, b.alice), &catalogv1.DeleteTranscribeRequest{Id: tr.GetId()})
	require.NoError(t, err)
	_, err = b.client.GetTranscribe(as(t, b.alice), &catalogv1.GetTranscribeRequest{Id: tr.GetId()})
	grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")
}

// The attack of issue 26 #8: create and cancel in a loop. The first job
// was sent, so its cancel holds the account's slot until the worker's
// final report; every later transcribe waits in the catalog, is cancelled
// at once (no job exists to stop), and no second job of the account
// reaches the workers. Bob's sentinel, created after the loop, is the next
// job: nothing of alice's was sent between. The worker's report frees the
// slot for alice's last, waiting transcribe.
func TestCancelLoopHoldsTheSlotUntilTheWorkerReports(t *testing.T) {
	t.Parallel()
	b := setup(t)
	jobs := b.transcribeJobs(t)
	v, bobs := readyVideo(t, b, b.alice, 30), readyVideo(t, b, b.bob, 30)
	create := func(p principal.Principal, v *catalogv1.Video) *catalogv1.Transcribe {
		tr, err := b.client.CreateTranscribe(as(t, p), transcribeRequest(v.GetId()))
		require.NoError(t, err)
		return tr
	}
	var loop []*catalogv1.Transcribe
	for range 5 {
		tr := create(b.alice, v)
		_, err := b.client.DeleteTranscribe(as(t, b.alice), &catalogv1.DeleteTranscribeRequest{Id: tr.GetId()})
		require.NoError(t, err)
		loop = append(loop, tr)
	}
	last := create(b.alice, v)
	sentinel := create(b.bob, bobs)

	assert.Equal(t, loop[0].GetId(), nextTranscribeJob(t, jobs).GetTranscribeId())
	assert.Equal(t, sentinel.GetId(), nextTranscribeJob(t, jobs).GetTranscribeId(),
		"no second job of alice's while her cancelled one may still run")
	assert.Equal(t, "cancelling", getTranscribe(t, b, b.alice, loop[0].GetId()).GetStatus())
	for _, tr := range loop[1:] {
		assert.Equal(t, "cancelled", getTranscribe(t, b, b.alice, tr.GetId()).GetStatus(), "never sent, so cancelled at once")
	}
	assert.Equal(t, "queued", getTranscribe(t, b, b.alice, last.GetId()).GetStatus())
	b.transcribeCancel(t, loop[0].GetId())

	// The worker stops the job and reports it: the slot goes to alice's last.
	b.transcribeReport(t, natsx.SubjectTranscribeFailed, &eventsv1.TranscribeFailed{Meta: metaOf(b.alice),
		TranscribeId: loop[0].GetId(), VideoId: v.GetId(), Reason: "cancelled"})
	assert.Equal(t, "cancelled", getTranscribe(t, b, b.alice, loop[0].GetId()).GetStatus())
	assert.Equal(t, last.GetId(), nextTranscribeJob(t, jobs).GetTranscribeId())
}

func TestRemovingAReadyTranscribeKeepsItsTrack(t *testing.T) {
	t.Parallel()
	b := setup(t)
	v := readyVideo(t, b, b.alice, 30)
	tr, err := b.client.CreateTranscribe(as(t, b.alice), transcribeRequest(v.GetId()))
	require.NoError(t, err)
	b.completed(t, b.alice, tr, b.writeTranscript(t, b.alice, tr, captions))

	_, err = b.client.DeleteTranscribe(as(t, b.alice), &catalogv1.DeleteTranscribeRequest{Id: tr.GetId()})

	require.NoError(t, err)
	_, err = b.client.GetTranscribe(as(t, b.alice), &catalogv1.GetTranscribeRequest{Id: tr.GetId()})
	grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")
	assert.Len(t, getVideo(t, b, b.alice, v.GetId()).GetTracks(), 1)
}

func TestTranscribesAreTheAccountsOwn(t *testing.T) {
	t.Parallel()
	b := setup(t)
	v := readyVideo(t, b, b.alice, 30)
	tr, err := b.client.CreateTranscribe(as(t, b.alice), transcribeRequest(v.GetId()))
	require.NoError(t, err)

	_, err = b.client.GetTranscribe(as(t, b.bob), &catalogv1.GetTranscribeRequest{Id: tr.GetId()})
	grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")
	_, err = b.client.DeleteTranscribe(as(t, b.bob), &catalogv1.DeleteTranscribeRequest{Id: tr.GetId()})
	grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")
	list, err := b.client.ListTranscribes(as(t, b.bob), &catalogv1.ListTranscribesRequest{})
	require.NoError(t, err)
	assert.Empty(t, list.GetItems())
	// A report naming bob's account for alice's transcribe is never applied.
	b.transcribeReport(t, natsx.SubjectTranscribeFailed, &eventsv1.TranscribeFailed{Meta: metaOf(b.bob),
		TranscribeId: tr.GetId(), VideoId: v.GetId(), Reason: "forged"})
	b.completed(t, b.bob, tr, mediaFolder(b.bob, v.GetId())+"transcribes/"+tr.GetId()+".vtt")
	assert.Equal(t, "queued", getTranscribe(t, b, b.alice, tr.GetId()).GetStatus())
	assert.Empty(t, getVideo(t, b, b.alice, v.GetId()).GetTracks())
	assert.Equal(t, 2, b.deadLettered(t), "both forged reports are dead-lettered")
}

// deadLettered counts the messages in the dead-letter stream.
func (b testBundle) deadLettered(t *testing.T) int {
	t.Helper()
	stream, err := b.js.Stream(t.Context(), natsx.StreamNameDeadLetter)
	require.NoError(t, err)
	info, err := stream.Info(t.Context())
	require.NoError(t, err)
	return int(info.State.Msgs)
}

func TestListTranscribesPagesAndFilters(t *testing.T) {
	t.Parallel()
	b := setup(t)
	first := readyVideo(t, b, b.alice, 30)
	second := readyVideo(t, b, b.alice, 30)
	var created []string
	for _, v := range []*catalogv1.Video{first, second, first} {
		tr, err := b.client.CreateTranscribe(as(t, b.alice), transcribeRequest(v.GetId()))
		require.NoError(t, err)
		created = append(created, tr.GetId())
	}
	_, err := b.client.DeleteTranscribe(as(t, b.alice), &catalogv1.DeleteTranscribeRequest{Id: created[2]})
	require.NoError(t, err)
	ids := func(r *catalogv1.ListTranscribesRequest) ([]string, string) {
		t.Helper()
		list, err := b.client.ListTranscribes(as(t, b.alice), r)
		require.NoError(t, err)
		var out []string
		for _, tr := range list.GetItems() {
			out = append(out, tr.GetId())
		}
		return out, list.GetNextCursor()
	}

	page1, cursor := ids(&catalogv1.ListTranscribesRequest{Limit: proto.Int32(2)})
	page2, last := ids(&catalogv1.ListTranscribesRequest{Limit: proto.Int32(2), Cursor: cursor})
	assert.Equal(t, created, append(page1, page2...), "oldest first, across pages")
	assert.Empty(t, last)
	byVideo, _ := ids(&catalogv1.ListTranscribesRequest{VideoId: first.GetId()})
	assert.Equal(t, []string{created[0], created[2]}, byVideo)
	queued, _ := ids(&catalogv1.ListTranscribesRequest{Status: "queued"})
	assert.Equal(t, created[:2], queued)

	_, err = b.client.ListTranscribes(as(t, b.alice), &catalogv1.ListTranscribesRequest{Status: "done"})
	grpcxtest.RequireStatus(t, err, codes.InvalidArgument, `status must be "queued", "processing", "ready", "error", "cancelling" or "cancelled"`)
}

func TestDeletingTheVideoRemovesItsTranscribes(t *testing.T) {
	t.Parallel()
	b := setup(t)
	v := readyVideo(t, b, b.alice, 30)
	tr, err := b.client.CreateTranscribe(as(t, b.alice), transcribeRequest(v.GetId()))
	require.NoError(t, err)

	_, err = b.client.DeleteVideo(as(t, b.alice), &catalogv1.DeleteVideoRequest{Id: v.GetId()})
	require.NoError(t, err)

	_, err = b.client.GetTranscribe(as(t, b.alice), &catalogv1.GetTranscribeRequest{Id: tr.GetId()})
	grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")
	// A worker that finishes later: applied as nothing, its file deleted.
	key := b.writeTranscript(t, b.alice, tr, captions)
	b.completed(t, b.alice, tr, key)
	assert.NotContains(t, b.keys(t, mediaFolder(b.alice, v.GetId())), key)
}

// The REST mapping of gateway/api_v2.yaml: the body, the path id and the
// list's query filters.
func TestRESTTranscribes(t *testing.T) {
	t.Parallel()
	b := setup(t)
	base := rest(t, b) + "/v2"
	v := readyVideo(t, b, b.alice, 30)

	status, tr := call(t, http.MethodPost, base+"/transcribes", `{"video_id": "`+v.GetId()+`", "language": "en-US", "label": "English"}`)
	require.Equal(t, http.StatusOK, status, tr)
	assert.Equal(t, "queued", tr["status"])
	assert.Equal(t, "", tr["track_id"], "shown empty until ready")
	assert.Equal(t, 0.0, tr["progress"])
	id := tr["id"].(string)
	status, out := call(t, http.MethodPost, base+"/transcribes", `{"video_id": "`+v.GetId()+`", "language": "en-US", "label": "x", "speed": 2}`)
	assert.Equal(t, http.StatusBadRequest, status, out)

	status, out = call(t, http.MethodGet, base+"/transcribes?video_id="+v.GetId()+"&status=queued&limit=5", "")
	require.Equal(t, http.StatusOK, status, out)
	assert.Len(t, out["items"], 1)
	status, out = call(t, http.MethodGet, base+"/transcribes?status=ready", "")
	require.Equal(t, http.StatusOK, status, out)
	assert.Empty(t, out["items"])
	status, out = call(t, http.MethodGet, base+"/transcribes/"+id, "")
	require.Equal(t, http.StatusOK, status, out)
	assert.Equal(t, id, out["id"])
	status, out = call(t, http.MethodDelete, base+"/transcribes/"+id, "")
	require.Equal(t, http.StatusOK, status, out)
	assert.Equal(t, map[string]any{}, out, "an empty result, as every delete")
}

// transcribeCancel waits for the catalog's cancel of transcribe id on
// transcribe.cancels.<id> (the outbox relays it after the commit).
func (b testBundle) transcribeCancel(t *testing.T, id string) *eventsv1.TranscribeCancel {
	t.Helper()
	stream, err := b.js.Stream(t.Context(), natsx.StreamNameCancels)
	require.NoError(t, err)
	var msg *jetstream.RawStreamMsg
	require.Eventually(t, func() bool {
		msg, err = stream.GetLastMsgForSubject(t.Context(), natsx.TranscribeCancelSubject(id))
		return err == nil
	}, 15*time.Second, 10*time.Millisecond, "no cancel of transcribe %s", id)
	var cancel eventsv1.TranscribeCancel
	require.NoError(t, protojson.Unmarshal(msg.Data, &cancel))
	assert.Equal(t, id, cancel.GetTranscribeId())
	assert.Equal(t, cancel.GetMeta().GetId(), msg.Header.Get(jetstream.MsgIDHeader), "Nats-Msg-Id is the event id")
	return &cancel
}

func nextTranscribeJob(t *testing.T, consumer jetstream.Consumer) *eventsv1.TranscribeJob {
	t.Helper()
	msg := next(t, consumer)
	var job eventsv1.TranscribeJob
	require.NoError(t, protojson.Unmarshal(msg.Data(), &job))
	assert.Equal(t, job.GetMeta().GetId(), msg.Headers().Get(jetstream.MsgIDHeader), "Nats-Msg-Id is the event id")
	require.NoError(t, msg.Ack())
	return &job
}

// One transcribe job per account is on the shared queue: an account's
// second waits in the catalog, behind nobody else's, and is sent in the
// transaction of the report that ends the first. The order the jobs arrive
// in shows it: bob's, created after alice's second, comes before it.
func TestTranscribeJobsRunOneAtATimePerAccount(t *testing.T) {
	t.Parallel()
	b := setup(t)
	jobs := b.transcribeJobs(t)
	first, second := readyVideo(t, b, b.alice, 30), readyVideo(t, b, b.alice, 30)
	bobs := readyVideo(t, b, b.bob, 30)
	create := func(p principal.Principal, v *catalogv1.Video) *catalogv1.Transcribe {
		tr, err := b.client.CreateTranscribe(as(t, p), transcribeRequest(v.GetId()))
		require.NoError(t, err)
		return tr
	}
	alice1, alice2, bob1 := create(b.alice, first), create(b.alice, second), create(b.bob, bobs)
	cancelled := create(b.alice, first)
	_, err := b.client.DeleteTranscribe(as(t, b.alice), &catalogv1.DeleteTranscribeRequest{Id: cancelled.GetId()})
	require.NoError(t, err)

	assert.Equal(t, alice1.GetId(), nextTranscribeJob(t, jobs).GetTranscribeId())
	assert.Equal(t, bob1.GetId(), nextTranscribeJob(t, jobs).GetTranscribeId(), "alice's second waits")
	assert.Equal(t, "queued", getTranscribe(t, b, b.alice, alice2.GetId()).GetStatus())

	b.transcribeReport(t, natsx.SubjectTranscribeFailed, &eventsv1.TranscribeFailed{Meta: metaOf(b.alice),
		TranscribeId: alice1.GetId(), VideoId: first.GetId(), Reason: "the video has no audio"})
	job := nextTranscribeJob(t, jobs)
	assert.Equal(t, alice2.GetId(), job.GetTranscribeId(), "the slot went to alice's next, not the cancelled one")
	assert.Equal(t, mediaFolder(b.alice, second.GetId())+"mp4/720p.mp4", job.GetSourceObjectKey())

	// alice2 completes: the cancelled one is never sent. A sentinel of bob's
	// comes next, proving nothing was sent between.
	b.completed(t, b.alice, alice2, b.writeTranscript(t, b.alice, alice2, captions))
	b.transcribeReport(t, natsx.SubjectTranscribeFailed, &eventsv1.TranscribeFailed{Meta: metaOf(b.bob),
		TranscribeId: bob1.GetId(), VideoId: bobs.GetId(), Reason: "x"})
	sentinel := create(b.bob, bobs)
	assert.Equal(t, sentinel.GetId(), nextTranscribeJob(t, jobs).GetTranscribeId())
}

// A running transcribe deleted with its video frees the account's slot,
// and its job is cancelled.
func TestDeletingAVideoPassesItsTranscribeSlotOn(t *testing.T) {
	t.Parallel()
	b := setup(t)
	jobs := b.transcribeJobs(t)
	first, second := readyVideo(t, b, b.alice, 30), readyVideo(t, b, b.alice, 30)
	running, err := b.client.CreateTranscribe(as(t, b.alice), transcribeRequest(first.GetId()))
	require.NoError(t, err)
	waiting, err := b.client.CreateTranscribe(as(t, b.alice), transcribeRequest(second.GetId()))
	require.NoError(t, err)
	require.Equal(t, running.GetId(), nextTranscribeJob(t, jobs).GetTranscribeId())

	_, err = b.client.DeleteVideo(as(t, b.alice), &catalogv1.DeleteVideoRequest{Id: first.GetId()})
	require.NoError(t, err)

	assert.Equal(t, waiting.GetId(), nextTranscribeJob(t, jobs).GetTranscribeId())
	b.transcribeCancel(t, running.GetId()) // the worker stops the deleted video's job
}
