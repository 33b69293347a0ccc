package server_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/fieldmaskpb"

	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"
	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"

	"github.com/vidhost/vidhost/pkg/grpcx/grpcxtest"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/principal"
)

// Every plan and every choice: the job asks for the resolved profile, never
// empty, and the video names it only when it is not the plan's default.
// Each case is its own account, so no job waits behind the per-account
// limit.
func TestCreateVideoTranscoderByPlan(t *testing.T) {
	t.Parallel()
	b := setup(t)
	jobs := b.jobs(t)
	type want struct{ shown, job string }
	cases := map[string]map[string]want{
		"free": {"": {"", "standard"}, "standard": {"", "standard"}, "efficient": {"efficient", "efficient"},
			"fixed": {"fixed", "fixed"}},
		"pro":        {"": {"", "standard"}, "efficient": {"efficient", "efficient"}},
		"enterprise": {"": {"", "standard"}, "efficient": {"efficient", "efficient"}, "fixed": {"fixed", "fixed"}},
		"":           {"": {"", "standard"}}, // no known plan: the cheapest plan's default
	}
	wantJob := map[string]string{}
	for plan, choices := range cases {
		for choice, w := range choices {
			p := principal.Principal{AccountID: ids.New(), ActorID: "user", Plan: plan}
			v, err := b.client.CreateVideo(as(t, p), &catalogv1.CreateVideoRequest{Name: "v", Input: sourceURL, Transcoder: choice})
			require.NoError(t, err, "%s/%s", plan, choice)
			assert.Equal(t, w.shown, v.GetTranscoder(), "%s plan, transcoder %q: create", plan, choice)
			assert.Equal(t, w.shown, getVideo(t, b, p, v.GetId()).GetTranscoder(), "%s plan, transcoder %q: get", plan, choice)
			wantJob[v.GetId()] = w.job
		}
	}
	got := jobTranscoders(t, jobs, len(wantJob))
	assert.Equal(t, wantJob, got)
}

// jobTranscoders takes n jobs and returns their transcoders by video.
func jobTranscoders(t *testing.T, jobs jetstream.Consumer, n int) map[string]string {
	t.Helper()
	out := map[string]string{}
	for range n {
		msg, err := jobs.Next(jetstream.FetchMaxWait(5 * time.Second))
		require.NoError(t, err)
		var job eventsv1.TranscodeJob
		require.NoError(t, protojson.Unmarshal(msg.Data(), &job))
		require.NoError(t, msg.Ack())
		out[job.GetVideoId()] = job.GetTranscoder()
	}
	return out
}

// A live event's recording is transcoded with the event's profile.
func TestLiveRecordingKeepsTheEventsTranscoder(t *testing.T) {
	t.Parallel()
	b := setup(t)
	jobs := b.jobs(t)
	p := b.alice
	p.LiveEnabled, p.Plan = true, "pro"
	event, err := b.client.CreateVideo(as(t, p), &catalogv1.CreateVideoRequest{Name: "Show", Type: proto.String("event"), Transcoder: "fixed"})
	require.NoError(t, err)
	assert.Equal(t, "fixed", event.GetTranscoder())

	recording := "uploads/" + p.AccountID + "/" + event.GetId() + "/recording.ts"
	b.report(t, natsx.SubjectLiveEnded, &eventsv1.LiveEnded{Meta: meta(b), VideoId: event.GetId(), RecordingObjectKey: recording, Duration: 3})
	job := nextJob(t, jobs)
	assert.Equal(t, event.GetId(), job.GetVideoId())
	assert.Equal(t, "fixed", job.GetTranscoder())
}

func TestTranscoderRefusals(t *testing.T) {
	t.Parallel()
	b := setup(t)
	_, err := b.client.CreateVideo(as(t, b.alice), &catalogv1.CreateVideoRequest{Name: "v", Input: sourceURL, Transcoder: "turbo"})
	grpcxtest.RequireStatus(t, err, codes.InvalidArgument,
		"transcoder must be one of standard, efficient or fixed, or empty for the account's default")

	v := createVideo(t, b, b.alice, "v")
	_, err = b.client.UpdateVideo(as(t, b.alice), &catalogv1.UpdateVideoRequest{Id: v.GetId(),
		Video: &catalogv1.Video{Transcoder: "fixed"}, UpdateMask: &fieldmaskpb.FieldMask{Paths: []string{"transcoder"}}})
	grpcxtest.RequireStatus(t, err, codes.InvalidArgument,
		"transcoder cannot be changed: the video would have to be transcoded again; create a new video with the profile you want")

	base := rest(t, b) + "/v2"
	status, out := call(t, http.MethodPost, base+"/videos", `{"name": "REST", "input": "`+sourceURL+`", "transcoder": "turbo"}`)
	assert.Equal(t, http.StatusBadRequest, status)
	assert.Equal(t, "transcoder must be one of standard, efficient or fixed, or empty for the account's default", out["message"])
	status, out = call(t, http.MethodPost, base+"/videos", `{"name": "REST", "input": "`+sourceURL+`", "transcoder": "fixed"}`)
	require.Equal(t, http.StatusOK, status, out)
	assert.Equal(t, "fixed", out["transcoder"])
}
