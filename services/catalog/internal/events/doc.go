// Package events is the catalog's side of NATS. Outgoing, it turns the
// domain's catalog.Event and catalog.TranscodeJob into the messages the
// outbox relay publishes: protojson-encoded messages of
// proto/vidhost/events/v1 on their pkg/natsx subjects, whose fresh id is
// both EventMeta.id and the Nats-Msg-Id, so consumers and JetStream can
// drop duplicates. Incoming, its durable MEDIA consumer applies the
// transcode workers' reports to videos, dead-lettering the ones that can
// never apply, and its durable consumer of its own video.deleted deletes
// a deleted video's files.
package events
