package worker_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/services/transcode/internal/events"
	"github.com/vidhost/vidhost/services/transcode/internal/job"
	"github.com/vidhost/vidhost/services/transcode/internal/transcodetest"
)

// A job whose source is not an upload of its own account is refused:
// dead-lettered, never run nor retried, and nothing is reported for the
// video it names, since nothing in a forged job is trusted. The finding
// this pins: a hand-made job naming a public video as target and another
// video's MP4 as source made the public video serve the private clip.
// About 3 s.
func TestJobWithAnotherAccountsSourceIsRefused(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.start(t, defaults())
	private := b.uploadJob(t, clipSmall) // another account's upload
	privateMP4 := "videos/" + private.AccountID + "/" + ids.New() + "/mp4/720p.mp4"
	require.NoError(t, b.store.Copy(context.Background(), private.SourceKey, privateMP4))
	tests := []struct {
		name, source string
	}{
		{"another account's upload", private.SourceKey},
		{"another account's video file", privateMP4},
	}
	forged := make([]job.Job, len(tests))
	for i, tt := range tests {
		forged[i] = transcodetest.NewJob() // a public video of the attacker's choosing
		forged[i].SourceKey = tt.source
		b.enqueue(t, forged[i])
	}
	good := b.uploadJob(t, clipSmall)
	b.enqueue(t, good)

	require.NotNil(t, b.reports.WaitFinal(t, good.VideoID).Completed, "the worker goes on with good jobs")
	b.waitQueueEmpty(t)
	dead := map[string]string{} // video id -> why
	for _, msg := range b.deadLetters(t) {
		j, _ := events.DecodeJob(msg.Data())
		dead[j.VideoID] = msg.Headers().Get(natsx.HeaderDeadLetterError)
	}
	require.Len(t, dead, len(tests), "each forged job is dead-lettered once")
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Contains(t, dead[forged[i].VideoID], "which is not one of its uploads")
			assert.Empty(t, b.reports.Of(forged[i].VideoID), "no report about the named video")
			for info, err := range b.store.List(context.Background(), forged[i].MediaFolder()) {
				require.NoError(t, err)
				t.Errorf("the forged job stored %s", info.Key)
			}
		})
	}
}

// Every report names the job's account: catalog applies none that does
// not name the video's.
func TestReportsNameTheJobsAccount(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.start(t, defaults())
	good := b.uploadJob(t, clipSmall)
	missing := transcodetest.NewJob()
	missing.SourceKey = "uploads/" + missing.AccountID + "/gone/source.mp4"
	b.enqueue(t, good)
	b.enqueue(t, missing)

	require.NotNil(t, b.reports.WaitFinal(t, good.VideoID).Completed)
	require.NotNil(t, b.reports.WaitFinal(t, missing.VideoID).Failed)
	for _, j := range []job.Job{good, missing} {
		for _, r := range b.reports.Of(j.VideoID) {
			assert.Equal(t, j.AccountID, r.AccountID(), r.Subject)
		}
	}
}
