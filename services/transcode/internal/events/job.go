package events

import (
	"context"
	"fmt"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"google.golang.org/protobuf/encoding/protojson"

	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"

	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/profiles"
	"github.com/vidhost/vidhost/pkg/timefmt"
	"github.com/vidhost/vidhost/services/transcode/internal/job"
)

// decodeOptions ignore fields this version does not know: a newer catalog
// adding one must not turn every job into a poison message.
var decodeOptions = protojson.UnmarshalOptions{DiscardUnknown: true}

// DecodeJob reads a transcode.jobs message. On an error the returned job
// still carries whatever ids could be read, so the video can be failed.
func DecodeJob(data []byte) (job.Job, error) {
	var m eventsv1.TranscodeJob
	if err := decodeOptions.Unmarshal(data, &m); err != nil {
		return job.Job{}, &job.InvalidError{Reason: "job message is not a TranscodeJob"}
	}
	j := job.Job{
		ID:        m.GetMeta().GetId(),
		AccountID: m.GetMeta().GetAccountId(),
		VideoID:   m.GetVideoId(),
		SourceURL: m.GetSourceUrl(),
		SourceKey: m.GetSourceObjectKey(),
		Clip:      job.ClipFromSeconds(m.GetClipStartSeconds(), m.GetClipEndSeconds()),
		Spherical: m.GetSpherical(),
		// Kept as sent: Validate refuses a name this worker does not know.
		Transcoder: profiles.Name(m.GetTranscoder()),
		// A negative cap is no cap the catalog would send: treat it as none.
		SourceMaxBytes: max(m.GetSourceMaxBytes(), 0),
	}
	if j.Transcoder == "" {
		j.Transcoder = profiles.Standard // enqueued before profiles existed
	}
	if live := m.GetLiveSegments(); live != nil {
		j.Live = liveClip(live)
	}
	return j, j.Validate()
}

// Enqueue publishes j on transcode.jobs with j.ID as its event and message
// id, as catalog's outbox does. Tests and benchmarks use it.
func Enqueue(ctx context.Context, js jetstream.JetStream, j job.Job) error {
	data, err := EncodeJob(j)
	if err != nil {
		return err
	}
	if _, err := js.Publish(ctx, natsx.SubjectTranscodeJobs, data, jetstream.WithMsgID(j.ID)); err != nil {
		return fmt.Errorf("events: enqueue %s: %w", j.ID, err)
	}
	return nil
}

// EncodeJob is the TranscodeJob message of j.
func EncodeJob(j job.Job) ([]byte, error) {
	m := &eventsv1.TranscodeJob{
		Meta:           &eventsv1.EventMeta{Id: j.ID, AccountId: j.AccountID, OccurredTime: timefmt.Format(time.Now())},
		VideoId:        j.VideoID,
		Spherical:      j.Spherical,
		SourceMaxBytes: j.SourceMaxBytes,
		Transcoder:     string(j.Transcoder),
	}
	if j.Clip != nil {
		m.ClipStartSeconds, m.ClipEndSeconds = int32(j.Clip.Start.Seconds()), int32(j.Clip.End.Seconds())
	}
	switch {
	case j.Live != nil:
		m.Source = &eventsv1.TranscodeJob_LiveSegments{LiveSegments: liveSegments(*j.Live)}
	case j.SourceKey != "":
		m.Source = &eventsv1.TranscodeJob_SourceObjectKey{SourceObjectKey: j.SourceKey}
	default:
		m.Source = &eventsv1.TranscodeJob_SourceUrl{SourceUrl: j.SourceURL}
	}
	return protojson.Marshal(m)
}
