package server_test

import (
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
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

// Deleting a video whose job was sent and has not ended cancels the job on
// transcode.cancels.<job id>, in the deletion's transaction; a video whose
// job ended gets no cancel, and the cancelled job keeps its slot until its
// worker reports. About 3 s.
func TestDeletedVideoCancelsItsRunningJob(t *testing.T) {
	t.Parallel()
	b := setup(t)
	jobs := b.jobs(t)
	running, ended := createVideo(t, b, b.alice, "Running").GetId(), createVideo(t, b, b.alice, "Ended").GetId()
	jobIDs := map[string]string{}
	for range 2 {
		j := nextJob(t, jobs)
		jobIDs[j.GetVideoId()] = j.GetMeta().GetId()
	}
	require.Len(t, jobIDs, 2)
	b.report(t, natsx.SubjectTranscodeFailed, &eventsv1.TranscodeFailed{Meta: meta(b), VideoId: ended, Reason: "x"})
	waiting := createVideo(t, b, b.alice, "Waiting").GetId() // takes the ended job's slot
	assert.Equal(t, []string{waiting}, jobVideos(t, jobs, 2*time.Second))

	deleteVideo(t, b, ended)
	deleteVideo(t, b, running)
	cancel := b.transcodeCancel(t, jobIDs[running])
	assert.Equal(t, running, cancel.GetVideoId())
	assert.Equal(t, b.alice.AccountID, cancel.GetMeta().GetAccountId())

	// The outbox relays in order: the ended video's deletion came first.
	stream, err := b.js.Stream(t.Context(), natsx.StreamNameCancels)
	require.NoError(t, err)
	_, err = stream.GetLastMsgForSubject(t.Context(), natsx.TranscodeCancelSubject(jobIDs[ended]))
	require.ErrorIs(t, err, jetstream.ErrMsgNotFound, "no cancel of a job that ended")

	// A second delete is not found and sends nothing more.
	_, err = b.client.DeleteVideo(as(t, b.alice), &catalogv1.DeleteVideoRequest{Id: running})
	assert.Equal(t, codes.NotFound, status.Code(err))
	info, err := stream.Info(t.Context(), jetstream.WithSubjectFilter(natsx.SubjectTranscodeCancelsPrefix+">"))
	require.NoError(t, err)
	assert.Len(t, info.State.Subjects, 1)

	// The cancelled job holds its slot until its report.
	last := createVideo(t, b, b.alice, "Last").GetId()
	assert.Empty(t, jobVideos(t, jobs, 500*time.Millisecond))
	b.report(t, natsx.SubjectTranscodeFailed, &eventsv1.TranscodeFailed{Meta: meta(b), VideoId: running, Reason: "x"})
	assert.Equal(t, []string{last}, jobVideos(t, jobs, 2*time.Second))
}

// transcodeCancel waits for the catalog's cancel of transcode job id on
// transcode.cancels.<id> (the outbox relays it after the commit).
func (b testBundle) transcodeCancel(t *testing.T, id string) *eventsv1.TranscodeCancel {
	t.Helper()
	stream, err := b.js.Stream(t.Context(), natsx.StreamNameCancels)
	require.NoError(t, err)
	var msg *jetstream.RawStreamMsg
	require.Eventually(t, func() bool {
		msg, err = stream.GetLastMsgForSubject(t.Context(), natsx.TranscodeCancelSubject(id))
		return err == nil
	}, 15*time.Second, 10*time.Millisecond, "no cancel of transcode job %s", id)
	var cancel eventsv1.TranscodeCancel
	require.NoError(t, protojson.Unmarshal(msg.Data, &cancel))
	assert.Equal(t, id, cancel.GetJobId())
	assert.Equal(t, cancel.GetMeta().GetId(), msg.Header.Get(jetstream.MsgIDHeader), "Nats-Msg-Id is the event id")
	return &cancel
}
