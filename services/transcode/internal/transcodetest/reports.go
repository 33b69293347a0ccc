package transcodetest

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"google.golang.org/protobuf/encoding/protojson"

	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"

	"github.com/vidhost/vidhost/pkg/natsx"
)

// WaitTimeout bounds every wait for a report. It only stops a hung test;
// results never depend on it.
const WaitTimeout = 2 * time.Minute

// Report is one message a worker published to the MEDIA stream.
type Report struct {
	Subject   string
	MsgID     string
	Progress  *eventsv1.TranscodeProgress
	Completed *eventsv1.TranscodeCompleted
	Failed    *eventsv1.TranscodeFailed
}

// VideoID is the video the report is about.
func (r Report) VideoID() string {
	switch {
	case r.Progress != nil:
		return r.Progress.GetVideoId()
	case r.Completed != nil:
		return r.Completed.GetVideoId()
	}
	return r.Failed.GetVideoId()
}

// AccountID is the account the report names, which catalog checks
// against the video's.
func (r Report) AccountID() string {
	switch {
	case r.Progress != nil:
		return r.Progress.GetMeta().GetAccountId()
	case r.Completed != nil:
		return r.Completed.GetMeta().GetAccountId()
	}
	return r.Failed.GetMeta().GetAccountId()
}

// Final says the report ends the job.
func (r Report) Final() bool { return r.Completed != nil || r.Failed != nil }

// Reports records every transcode.progress|completed|failed in stream order.
type Reports struct {
	mu      sync.Mutex
	all     []Report
	changed chan struct{}
}

// Record starts recording the MEDIA stream from its beginning until t ends.
func Record(t testing.TB, js jetstream.JetStream) *Reports {
	t.Helper()
	r := &Reports{changed: make(chan struct{})}
	consumer, err := js.OrderedConsumer(t.Context(), natsx.StreamNameMedia, jetstream.OrderedConsumerConfig{
		FilterSubjects: []string{natsx.SubjectTranscodeProgress, natsx.SubjectTranscodeCompleted, natsx.SubjectTranscodeFailed},
	})
	if err != nil {
		t.Fatalf("transcodetest: %v", err)
	}
	consuming, err := consumer.Consume(func(msg jetstream.Msg) { r.add(t, msg) })
	if err != nil {
		t.Fatalf("transcodetest: %v", err)
	}
	t.Cleanup(consuming.Stop)
	return r
}

func (r *Reports) add(t testing.TB, msg jetstream.Msg) {
	report := Report{Subject: msg.Subject(), MsgID: msg.Headers().Get(jetstream.MsgIDHeader)}
	var err error
	switch msg.Subject() {
	case natsx.SubjectTranscodeProgress:
		report.Progress = &eventsv1.TranscodeProgress{}
		err = protojson.Unmarshal(msg.Data(), report.Progress)
	case natsx.SubjectTranscodeCompleted:
		report.Completed = &eventsv1.TranscodeCompleted{}
		err = protojson.Unmarshal(msg.Data(), report.Completed)
	case natsx.SubjectTranscodeFailed:
		report.Failed = &eventsv1.TranscodeFailed{}
		err = protojson.Unmarshal(msg.Data(), report.Failed)
	}
	if err != nil {
		t.Errorf("transcodetest: undecodable %s: %v", msg.Subject(), err)
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.all = append(r.all, report)
	close(r.changed)
	r.changed = make(chan struct{})
}

// Of returns the reports about videoID so far, in stream order.
func (r *Reports) Of(videoID string) []Report {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []Report
	for _, report := range r.all {
		if report.VideoID() == videoID {
			out = append(out, report)
		}
	}
	return out
}

// Wait returns the first report about videoID that match accepts, waiting
// for it up to WaitTimeout.
func (r *Reports) Wait(t testing.TB, videoID string, match func(Report) bool) Report {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), WaitTimeout)
	defer cancel()
	for {
		r.mu.Lock()
		changed := r.changed
		r.mu.Unlock()
		for _, report := range r.Of(videoID) {
			if match(report) {
				return report
			}
		}
		select {
		case <-changed:
		case <-ctx.Done():
			t.Fatalf("transcodetest: no matching report for video %s after %s; got %d reports", videoID, WaitTimeout, len(r.Of(videoID)))
		}
	}
}

// WaitFinal returns the report that ended videoID's job.
func (r *Reports) WaitFinal(t testing.TB, videoID string) Report {
	t.Helper()
	return r.Wait(t, videoID, Report.Final)
}
