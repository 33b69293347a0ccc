package server_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/fieldmaskpb"

	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"
	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"

	"github.com/vidhost/vidhost/pkg/grpcx/grpcxtest"
	"github.com/vidhost/vidhost/pkg/natsx"
)

// streamLive reports the event live and stores its live HLS as the live
// service would 94 s into the stream: segments 17-46 of 2 s in each of
// its two variants (a DVR window of 34-94 s).
func streamLive(t *testing.T, b testBundle, id string) {
	t.Helper()
	b.report(t, natsx.SubjectLiveStarted, &eventsv1.LiveStarted{Meta: meta(b), VideoId: id,
		Outputs: []*eventsv1.MediaOutput{{Label: "HLS live", Path: "live/master.m3u8"}}})
	folder := "videos/" + b.alice.AccountID + "/" + id + "/live/"
	put(t, b, folder+"master.m3u8", "#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-STREAM-INF:BANDWIDTH=2000000,RESOLUTION=1280x720\n"+
		"source/index.m3u8\n\n#EXT-X-STREAM-INF:BANDWIDTH=900000,RESOLUTION=640x360\n360p/index.m3u8\n")
	for i, name := range []string{"source", "360p"} {
		put(t, b, folder+name+"/index.m3u8", windowPlaylist(fmt.Sprintf("init_%d.mp4", i), 17, 30))
	}
}

// windowPlaylist is a live playlist as ffmpeg writes it, listing count 2 s
// segments from first.
func windowPlaylist(init string, first, count int) string {
	start := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	var b strings.Builder
	fmt.Fprintf(&b, "#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-TARGETDURATION:2\n#EXT-X-MEDIA-SEQUENCE:%d\n#EXT-X-MAP:URI=%q\n", first, init)
	for n := first; n < first+count; n++ {
		fmt.Fprintf(&b, "#EXTINF:2.000000,\n#EXT-X-PROGRAM-DATE-TIME:%s\n%05d.m4s\n",
			start.Add(time.Duration(2*n)*time.Second).Format("2006-01-02T15:04:05.000-0700"), n)
	}
	return b.String()
}

func put(t *testing.T, b testBundle, key, body string) {
	t.Helper()
	require.NoError(t, b.objects.Put(t.Context(), key, strings.NewReader(body), int64(len(body)), ""))
}

func clipRequest(id string, start, end int32) *catalogv1.CreateClipRequest {
	return &catalogv1.CreateClipRequest{VideoId: id, StartSeconds: proto.Int32(start), EndSeconds: proto.Int32(end)}
}

// The last 20 s of a live event become a new vod of the same account and
// privacy, whose job copies segments 37-46 of each variant.
func TestClipOfALiveEvent(t *testing.T) {
	t.Parallel()
	b := setup(t)
	jobs := b.jobs(t)
	event := createEvent(t, b, b.alice)
	_, err := b.client.UpdateVideo(as(t, b.alice), &catalogv1.UpdateVideoRequest{Id: event.GetId(),
		Video: &catalogv1.Video{Privacy: "private"}, UpdateMask: &fieldmaskpb.FieldMask{Paths: []string{"privacy"}}})
	require.NoError(t, err)
	streamLive(t, b, event.GetId())

	clip, err := b.client.CreateClip(as(t, b.alice), clipRequest(event.GetId(), 74, 94))
	require.NoError(t, err)

	assert.Equal(t, "vod", clip.GetType())
	assert.Equal(t, "Show (clip)", clip.GetName())
	assert.Equal(t, "private", clip.GetPrivacy(), "a clip keeps its event's privacy")
	assert.Equal(t, "preparing", clip.GetStatus())
	assert.Empty(t, clip.GetInput(), "a vod's input is never shown")
	job := nextJob(t, jobs)
	assert.Equal(t, clip.GetId(), job.GetVideoId())
	live := job.GetLiveSegments()
	require.NotNil(t, live, "a job of segments, not a source to encode")
	assert.Equal(t, event.GetId(), live.GetEventVideoId())
	assert.Equal(t, "live/master.m3u8", live.GetMasterPlaylist())
	require.Len(t, live.GetVariants(), 2)
	for i, v := range live.GetVariants() {
		assert.Equal(t, []string{"source/index.m3u8", "360p/index.m3u8"}[i], v.GetPlaylist())
		require.Len(t, v.GetSegments(), 10)
		assert.Equal(t, "00037.m4s", v.GetSegments()[0].GetName())
		assert.Equal(t, "00046.m4s", v.GetSegments()[9].GetName())
	}
	assert.Equal(t, "live", getVideo(t, b, b.alice, event.GetId()).GetStatus(), "the event is untouched")

	named, err := b.client.CreateClip(as(t, b.alice), &catalogv1.CreateClipRequest{VideoId: event.GetId(),
		StartSeconds: proto.Int32(40), EndSeconds: proto.Int32(50), Name: "Goal"})
	require.NoError(t, err)
	assert.Equal(t, "Goal", named.GetName())
}

// Once the event has ended, a clip is made of its recording: a URL clip's
// job, encoded through the ladder.
func TestClipOfAnEndedEvent(t *testing.T) {
	t.Parallel()
	b := setup(t)
	jobs := b.jobs(t)
	id := createEvent(t, b, b.alice).GetId()
	streamLive(t, b, id)
	recording := "uploads/" + b.alice.AccountID + "/" + id + "/recording.ts"
	b.report(t, natsx.SubjectLiveEnded, &eventsv1.LiveEnded{Meta: meta(b), VideoId: id, RecordingObjectKey: recording, Duration: 94})
	_ = nextJob(t, jobs) // the recording's own ladder

	clip, err := b.client.CreateClip(as(t, b.alice), clipRequest(id, 10, 25))
	require.NoError(t, err)

	job := nextJob(t, jobs)
	assert.Equal(t, clip.GetId(), job.GetVideoId())
	assert.Equal(t, recording, job.GetSourceObjectKey())
	assert.Equal(t, [2]int32{10, 25}, [2]int32{job.GetClipStartSeconds(), job.GetClipEndSeconds()})
}

// Refusals say why; the live event is untouched by them.
func TestClipRefusals(t *testing.T) {
	t.Parallel()
	b := setup(t)
	live := createEvent(t, b, b.alice)
	streamLive(t, b, live.GetId())
	preparing := createEvent(t, b, b.alice)
	vod := createVideo(t, b, b.alice, "Vod")
	readOnly := b.alice
	readOnly.ReadOnly = true

	tests := []struct {
		name string
		as   func() error
		code codes.Code
		msg  string
	}{
		{"before the DVR window", func() error {
			_, err := b.client.CreateClip(as(t, b.alice), clipRequest(live.GetId(), 20, 40))
			return err
		}, codes.InvalidArgument, "start_seconds must be within the live DVR window, now 34-94 s from the start of the stream"},
		{"past the live edge", func() error {
			_, err := b.client.CreateClip(as(t, b.alice), clipRequest(live.GetId(), 80, 100))
			return err
		}, codes.InvalidArgument, "end_seconds must be within the live DVR window, now 34-94 s from the start of the stream"},
		{"longer than two minutes", func() error {
			_, err := b.client.CreateClip(as(t, b.alice), clipRequest(live.GetId(), 0, 121))
			return err
		}, codes.InvalidArgument, "end_seconds must be at most 120 s after start_seconds: a clip lasts at most two minutes"},
		{"no bounds", func() error {
			_, err := b.client.CreateClip(as(t, b.alice), &catalogv1.CreateClipRequest{VideoId: live.GetId()})
			return err
		}, codes.InvalidArgument, "start_seconds is required: seconds from the start of the event's stream"},
		{"another account's event", func() error {
			_, err := b.client.CreateClip(as(t, b.bob), clipRequest(live.GetId(), 74, 94))
			return err
		}, codes.NotFound, "Not found"},
		{"a read-only key", func() error {
			_, err := b.client.CreateClip(as(t, readOnly), clipRequest(live.GetId(), 74, 94))
			return err
		}, codes.PermissionDenied, "this API key is read-only"},
		{"an event not live yet", func() error {
			_, err := b.client.CreateClip(as(t, b.alice), clipRequest(preparing.GetId(), 0, 10))
			return err
		}, codes.FailedPrecondition, "the live event has not started: a clip is made of its live stream or its recording"},
		{"a vod", func() error {
			_, err := b.client.CreateClip(as(t, b.alice), clipRequest(vod.GetId(), 0, 10))
			return err
		}, codes.FailedPrecondition, "instant clips are made of live events (type event); to clip a video, create one with svc_clip_start and svc_clip_end in its input"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			grpcxtest.RequireStatus(t, tt.as(), tt.code, tt.msg)
		})
	}
	assert.Equal(t, "live", getVideo(t, b, b.alice, live.GetId()).GetStatus())
}
