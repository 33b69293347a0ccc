package events

import (
	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"

	"github.com/vidhost/vidhost/pkg/eventmsg"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/outbox"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
)

// JobMessage encodes job as a TranscodeJob on transcode.jobs. Its event id
// is also the job id and the Nats-Msg-Id: a job republished by the relay
// is dropped by JetStream rather than transcoded twice.
func JobMessage(job catalog.TranscodeJob) (outbox.Message, error) {
	msg := &eventsv1.TranscodeJob{
		Meta:             eventmsg.Meta(job.AccountID, job.ActorID, job.Time),
		VideoId:          job.VideoID,
		ClipStartSeconds: int32(job.Clip.Start), //nolint:gosec // bounded: a clip's time-codes are at most catalog.MaxSeconds
		ClipEndSeconds:   int32(job.Clip.End),   //nolint:gosec // bounded: a clip's time-codes are at most catalog.MaxSeconds
		Spherical:        job.Spherical,
		SourceMaxBytes:   job.SourceMaxBytes,
		Transcoder:       string(job.Transcoder),
	}
	switch {
	case job.Live != nil:
		msg.Source = &eventsv1.TranscodeJob_LiveSegments{LiveSegments: liveSegments(*job.Live)}
	case job.SourceObjectKey != "":
		msg.Source = &eventsv1.TranscodeJob_SourceObjectKey{SourceObjectKey: job.SourceObjectKey}
	default:
		msg.Source = &eventsv1.TranscodeJob_SourceUrl{SourceUrl: job.SourceURL}
	}
	return eventmsg.Outbox(msg.GetMeta(), natsx.SubjectTranscodeJobs, msg)
}

// liveSegments is the message of an instant clip's segments.
func liveSegments(c catalog.LiveClip) *eventsv1.LiveSegments {
	m := &eventsv1.LiveSegments{EventVideoId: c.EventID, MasterPlaylist: c.MasterPlaylist}
	for _, v := range c.Variants {
		variant := &eventsv1.LiveVariant{Playlist: v.Playlist, Init: v.Init}
		for _, s := range v.Segments {
			variant.Segments = append(variant.Segments, &eventsv1.LiveSegment{Name: s.Name, Duration: s.Duration})
		}
		m.Variants = append(m.Variants, variant)
	}
	return m
}

// TranscribeJobMessage encodes job as a TranscribeJob on transcribe.jobs;
// like a transcode job, its event id is its Nats-Msg-Id, so a republished
// job is dropped by JetStream rather than run twice.
func TranscribeJobMessage(job catalog.TranscribeJob) (outbox.Message, error) {
	msg := &eventsv1.TranscribeJob{
		Meta:            eventmsg.Meta(job.AccountID, job.ActorID, job.Time),
		TranscribeId:    job.TranscribeID,
		VideoId:         job.VideoID,
		SourceObjectKey: job.SourceObjectKey,
		Language:        job.Language,
	}
	return eventmsg.Outbox(msg.GetMeta(), natsx.SubjectTranscribeJobs, msg)
}

// TranscodeCancelMessage encodes c as a TranscodeCancel on
// transcode.cancels.<job id>, where the workers look it up.
func TranscodeCancelMessage(c catalog.TranscodeCancel) (outbox.Message, error) {
	msg := &eventsv1.TranscodeCancel{
		Meta:    eventmsg.Meta(c.AccountID, c.ActorID, c.Time),
		JobId:   c.JobID,
		VideoId: c.VideoID,
	}
	return eventmsg.Outbox(msg.GetMeta(), natsx.TranscodeCancelSubject(c.JobID), msg)
}

// TranscribeCancelMessage encodes c as a TranscribeCancel on
// transcribe.cancels.<transcribe_id>, where the workers look it up.
func TranscribeCancelMessage(c catalog.TranscribeCancel) (outbox.Message, error) {
	msg := &eventsv1.TranscribeCancel{
		Meta:         eventmsg.Meta(c.AccountID, c.ActorID, c.Time),
		TranscribeId: c.TranscribeID,
		VideoId:      c.VideoID,
	}
	return eventmsg.Outbox(msg.GetMeta(), natsx.TranscribeCancelSubject(c.TranscribeID), msg)
}
