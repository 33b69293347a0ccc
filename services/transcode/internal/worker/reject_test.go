package worker_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/services/transcode/internal/job"
	"github.com/vidhost/vidhost/services/transcode/internal/media"
	"github.com/vidhost/vidhost/services/transcode/internal/mediatest"
	"github.com/vidhost/vidhost/services/transcode/internal/transcodetest"
)

// origin is a source server the worker trusts although it is on loopback,
// as if it were on the internet; inside is one it must never reach.
func origin(t *testing.T) (url string, trusted netip.AddrPort) {
	inside := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		fmt.Fprint(w, "internal secrets")
	}))
	t.Cleanup(inside.Close)
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/redirect":
			http.Redirect(w, r, inside.URL+"/admin", http.StatusFound)
		case "/endless":
			endless(w, r)
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(server.Close)
	return server.URL, netip.MustParseAddrPort(strings.TrimPrefix(server.URL, "http://"))
}

// endless trickles bytes until the client gives up.
func endless(w http.ResponseWriter, r *http.Request) {
	for r.Context().Err() == nil {
		if _, err := w.Write([]byte(strings.Repeat("x", 1024))); err != nil {
			return
		}
		w.(http.Flusher).Flush()
		time.Sleep(50 * time.Millisecond)
	}
}

// Every bad source ends in error with its reason, at once (no retries),
// and the worker goes on to complete a good job. About 5 s.
func TestBadSourcesFailWithReason(t *testing.T) {
	t.Parallel()
	b := setup(t)
	url, trusted := origin(t)
	ws := defaults()
	ws.fetch.AllowPrivate, ws.fetch.Trusted, ws.fetch.Timeout = false, []netip.AddrPort{trusted}, time.Second
	b.start(t, ws)
	upload := func(file string) func(*job.Job) {
		return func(j *job.Job) { transcodetest.Upload(t, b.store, j, file) }
	}
	fromURL := func(path string) func(*job.Job) { return func(j *job.Job) { j.SourceURL = url + path } }
	tests := []struct {
		name   string
		source func(*job.Job)
		reason string
	}{
		{"text named .mp4", upload(mediatest.TextFile(t, "notes.mp4")), "the file is not a video we can read"},
		{"truncated mp4", upload(mediatest.Truncated(t, clipSmall)), "the file is not a video we can read"},
		{"audio only", upload(mediatest.AudioOnly(t, 2)), "source has no video stream"},
		{"20000x20000 frame", upload(mediatest.HugeFrame(t)), "frame 20000x20000 is too large to decode"},
		{"upload gone", func(j *job.Job) { j.SourceKey = "uploads/" + j.AccountID + "/gone/source.mp4" }, "the uploaded source file no longer exists"},
		{"URL 404", fromURL("/missing.mp4"), "source URL returned 404 Not Found"},
		{"redirect to loopback", fromURL("/redirect"), "source URL points to a private or reserved address"},
		{"never-ending body", fromURL("/endless"), "source took too long to download"},
		{"clip after the end", func(j *job.Job) {
			upload(mediatest.Clip(t, clipSmall))(j)
			j.Clip = &media.Clip{Start: 10 * time.Second, End: 20 * time.Second}
		}, "clip starts at 00:00:10, after the source ends (00:00:02)"},
	}
	jobs := make([]job.Job, len(tests))
	for i, tt := range tests {
		jobs[i] = transcodetest.NewJob()
		tt.source(&jobs[i])
		b.enqueue(t, jobs[i])
	}
	good := b.uploadJob(t, clipSmall)
	b.enqueue(t, good)

	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			final := b.reports.WaitFinal(t, jobs[i].VideoID)
			require.NotNil(t, final.Failed, "the job must fail")
			assert.Equal(t, tt.reason, final.Failed.GetReason())
			assert.Len(t, startsOf(b.reports.Of(jobs[i].VideoID)), 1, "a source error is not retried")
		})
	}
	final := b.reports.WaitFinal(t, good.VideoID)
	assert.NotNil(t, final.Completed, "the worker still completes good jobs")
	b.waitQueueEmpty(t)
	assert.Equal(t, uint64(0), b.streamMessages(t, natsx.StreamNameDeadLetter, natsx.DeadLetterSubject(natsx.SubjectTranscodeJobs)),
		"bad sources are the user's problem, not poison")
}

// startsOf counts the attempts in a job's reports: each begins with 0%.
func startsOf(reports []transcodetest.Report) []transcodetest.Report {
	var starts []transcodetest.Report
	for _, r := range reports {
		if r.Progress != nil && r.Progress.GetProgress() == 0 && len(r.Progress.GetOutputs()) == 0 {
			starts = append(starts, r)
		}
	}
	return starts
}
