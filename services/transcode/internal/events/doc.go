// Package events is the transcode service's side of the JetStream contract
// in proto/vidhost/events/v1: it decodes TranscodeJob messages from
// transcode.jobs and publishes TranscodeProgress, TranscodeCompleted and
// TranscodeFailed (protojson, with Nats-Msg-Id) to the MEDIA stream, plus
// poison jobs to the dead-letter stream. A job's final events have ids
// derived from the job id, so a worker that repeats one after a crash is
// deduplicated by JetStream.
package events
