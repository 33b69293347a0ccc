// Package eventmsg is the one home of how a service's event becomes an
// outbox message: the event's meta (a fresh id, the account, the actor, the
// time with milliseconds), the protojson payload, and the meta's id as the
// message id (and so the Nats-Msg-Id that deduplicates a republish).
// docs/events.md documents the same contract for consumers.
package eventmsg
