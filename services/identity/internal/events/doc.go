// Package events turns identity's domain events into outbox messages: the
// protojson encoding of proto/vidhost/events/v1, with the event id as the
// message id (and so as JetStream's Nats-Msg-Id).
package events
