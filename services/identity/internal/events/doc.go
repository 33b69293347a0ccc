// Package events turns identity's domain events into outbox messages: it
// picks each event's subject (pkg/natsx's constants) and encodes it as the
// protojson of proto/vidhost/events/v1, with a fresh event id as the message
// id (and so as JetStream's Nats-Msg-Id). The domain only says what happened.
package events
