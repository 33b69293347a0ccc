package transcribeworker

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"

	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/telemetry"
	"github.com/vidhost/vidhost/pkg/timefmt"
	"github.com/vidhost/vidhost/services/transcode/internal/transcribe"
)

// decodeJob reads a transcribe.jobs message.
func decodeJob(data []byte) (transcribe.Job, error) {
	var m eventsv1.TranscribeJob
	if err := protojson.Unmarshal(data, &m); err != nil {
		return transcribe.Job{}, fmt.Errorf("not a transcribe job: %w", err)
	}
	j := transcribe.Job{ID: m.GetTranscribeId(), AccountID: m.GetMeta().GetAccountId(), VideoID: m.GetVideoId(),
		SourceKey: m.GetSourceObjectKey(), Language: m.GetLanguage()}
	if !ids.Valid(j.ID) || !ids.Valid(j.VideoID) || j.AccountID == "" || j.SourceKey == "" {
		return j, fmt.Errorf("transcribe job lacks an id, a video, an account or a source")
	}
	return j, nil
}

// EncodeJob is how catalog's outbox writes a job (and tests enqueue one).
func EncodeJob(j transcribe.Job) ([]byte, error) {
	return protojson.Marshal(&eventsv1.TranscribeJob{
		Meta:         &eventsv1.EventMeta{Id: ids.New(), AccountId: j.AccountID, OccurredTime: timefmt.Format(time.Now())},
		TranscribeId: j.ID, VideoId: j.VideoID, SourceObjectKey: j.SourceKey, Language: j.Language,
	})
}

func (w *Worker) progress(ctx context.Context, j transcribe.Job, percent int32) error {
	id := ids.New()
	return w.publish(ctx, natsx.SubjectTranscribeProgress, id, &eventsv1.TranscribeProgress{
		Meta: meta(id, j), TranscribeId: j.ID, VideoId: j.VideoID, Progress: percent})
}

func (w *Worker) completed(ctx context.Context, j transcribe.Job, c transcribe.Completion) error {
	id := derivedID(j, "completed")
	return w.publish(ctx, natsx.SubjectTranscribeCompleted, id, &eventsv1.TranscribeCompleted{
		Meta: meta(id, j), TranscribeId: j.ID, VideoId: j.VideoID, VttObjectKey: c.VTTKey,
		CueCount: int32(c.CueCount)}) //nolint:gosec // bounded: a 3 h video has far fewer than 2^31 cues
}

func (w *Worker) failed(ctx context.Context, j transcribe.Job, reason string) error {
	id := derivedID(j, "failed")
	return w.publish(ctx, natsx.SubjectTranscribeFailed, id, &eventsv1.TranscribeFailed{
		Meta: meta(id, j), TranscribeId: j.ID, VideoId: j.VideoID, Reason: reason})
}

func (w *Worker) publish(ctx context.Context, subject, id string, m proto.Message) error {
	data, err := protojson.Marshal(m)
	if err != nil {
		return err
	}
	_, err = w.js.PublishMsg(ctx, telemetry.NewMsg(ctx, subject, data), jetstream.WithMsgID(id)) // continues the job's trace
	return err
}

// derivedID is the same for every attempt of a job, so a final report
// sent twice counts once.
func derivedID(j transcribe.Job, kind string) string {
	sum := sha256.Sum256([]byte(j.ID + "\x00" + kind))
	return base64.RawURLEncoding.EncodeToString(sum[:])[:21]
}

func meta(id string, j transcribe.Job) *eventsv1.EventMeta {
	return &eventsv1.EventMeta{Id: id, AccountId: j.AccountID, OccurredTime: timefmt.Format(time.Now())}
}
