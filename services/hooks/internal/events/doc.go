// Package events turns the hooks service's domain events into the messages
// its outbox publishes on the HOOKS stream: service.* and hook.*, protojson
// of vidhost.events.v1, never with a credential.
package events
