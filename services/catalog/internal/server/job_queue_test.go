package server_test

import (
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/encoding/protojson"

	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"
	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"

	"github.com/vidhost/vidhost/pkg/grpcx/grpcxtest"
	"github.com/vidhost/vidhost/pkg/natsx"
)

// jobVideos takes the jobs published so far (waiting up to wait for them)
// and returns their videos' ids.
func jobVideos(t *testing.T, jobs jetstream.Consumer, wait time.Duration) []string {
	t.Helper()
	var out []string
	for {
		msg, err := jobs.Next(jetstream.FetchMaxWait(wait))
		if err != nil {
			return out
		}
		var job eventsv1.TranscodeJob
		require.NoError(t, protojson.Unmarshal(msg.Data(), &job))
		assert.Equal(t, job.GetMeta().GetId(), msg.Headers().Get(jetstream.MsgIDHeader), "Nats-Msg-Id is the job id")
		require.NoError(t, msg.Ack())
		out = append(out, job.GetVideoId())
	}
}

// An account has at most its limit (2 by default) of jobs on the work queue;
// the rest wait in the catalog and go out, oldest first, as reports free
// slots. Another account is not held up. About 5 s.
func TestTranscodeJobsPerAccountAreLimited(t *testing.T) {
	t.Parallel()
	b := setup(t)
	jobs := b.jobs(t)
	var alice []string
	for _, name := range []string{"A1", "A2", "A3", "A4"} {
		alice = append(alice, createVideo(t, b, b.alice, name).GetId())
	}
	bob := createVideo(t, b, b.bob, "B1").GetId()

	assert.ElementsMatch(t, []string{alice[0], alice[1], bob}, jobVideos(t, jobs, 2*time.Second),
		"alice's first two jobs and bob's; alice's others wait")

	// Progress frees nothing; a completed job frees its slot for the oldest waiting one.
	b.report(t, natsx.SubjectTranscodeProgress, &eventsv1.TranscodeProgress{Meta: meta(b), VideoId: alice[0], Progress: 50})
	assert.Empty(t, jobVideos(t, jobs, 500*time.Millisecond))
	b.report(t, natsx.SubjectTranscodeCompleted, &eventsv1.TranscodeCompleted{Meta: meta(b), VideoId: alice[0]})
	assert.Equal(t, []string{alice[2]}, jobVideos(t, jobs, 2*time.Second))

	// A repeated final report frees nothing more; a failure frees a slot too.
	b.report(t, natsx.SubjectTranscodeCompleted, &eventsv1.TranscodeCompleted{Meta: meta(b), VideoId: alice[0]})
	assert.Empty(t, jobVideos(t, jobs, 500*time.Millisecond))
	b.report(t, natsx.SubjectTranscodeFailed, &eventsv1.TranscodeFailed{Meta: meta(b), VideoId: alice[1], Reason: "x"})
	assert.Equal(t, []string{alice[3]}, jobVideos(t, jobs, 2*time.Second))
	assert.Equal(t, "preparing", getVideo(t, b, b.alice, alice[3]).GetStatus())
}

// A waiting job of a deleted video is never sent, and a running one keeps
// its slot until its worker reports. About 4 s.
func TestDeletedVideoJobs(t *testing.T) {
	t.Parallel()
	b := setup(t)
	jobs := b.jobs(t)
	var ids []string
	for _, name := range []string{"A1", "A2", "A3", "A4"} {
		ids = append(ids, createVideo(t, b, b.alice, name).GetId())
	}
	require.ElementsMatch(t, ids[:2], jobVideos(t, jobs, 2*time.Second))
	deleteVideo(t, b, ids[2]) // waiting: dropped
	deleteVideo(t, b, ids[0]) // running: its worker is still busy
	assert.Empty(t, jobVideos(t, jobs, 500*time.Millisecond), "the running job still holds its slot")

	// The report about the deleted video frees its slot for the next job.
	b.report(t, natsx.SubjectTranscodeCompleted, &eventsv1.TranscodeCompleted{Meta: meta(b), VideoId: ids[0]})
	assert.Equal(t, []string{ids[3]}, jobVideos(t, jobs, 2*time.Second))
}

func deleteVideo(t *testing.T, b testBundle, id string) {
	t.Helper()
	_, err := b.client.DeleteVideo(as(t, b.alice), &catalogv1.DeleteVideoRequest{Id: id})
	require.NoError(t, err)
}

// A URL source obeys the account's upload limits: refused when the quota
// is full, and otherwise bounded by what the limits allow.
func TestURLSourceObeysUploadLimits(t *testing.T) {
	t.Parallel()
	b := setup(t)
	jobs := b.jobs(t)
	v := createVideo(t, b, b.alice, "fits")
	b.uploads.fillQuota(b.alice)

	_, err := b.client.CreateVideo(as(t, b.alice), &catalogv1.CreateVideoRequest{Name: "over", Input: sourceURL})

	grpcxtest.RequireStatus(t, err, codes.ResourceExhausted, "this upload would take the account's uploads over its quota")
	msg, err := jobs.Next(jetstream.FetchMaxWait(2 * time.Second))
	require.NoError(t, err)
	var job eventsv1.TranscodeJob
	require.NoError(t, protojson.Unmarshal(msg.Data(), &job))
	assert.Equal(t, v.GetId(), job.GetVideoId(), "only the video that fit has a job")
	assert.Equal(t, int64(5<<30), job.GetSourceMaxBytes(), "the download is bounded by the upload limits")
	list, err := b.client.ListVideos(as(t, b.alice), &catalogv1.ListVideosRequest{})
	require.NoError(t, err)
	assert.Len(t, list.GetItems(), 1, "the refused video was not stored")
}
