// Package events turns the domain's catalog.Event into the message the
// outbox relay publishes: a protojson-encoded message of
// proto/vidhost/events/v1 on its pkg/natsx subject, whose fresh id is both
// EventMeta.id and the Nats-Msg-Id, so consumers and JetStream can drop
// duplicates.
package events
