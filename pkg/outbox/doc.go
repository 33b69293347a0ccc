// Package outbox is the transactional outbox: a service writes an event in
// the same transaction as the change it describes (Enqueue), and a Relay
// publishes it to JetStream afterwards, marking it published once JetStream
// has acked. Published rows are kept for Retention and then deleted, so a
// backup holds the recent events and a restore can publish them again.
//
// Nothing is lost if NATS or the service dies in between: unpublished rows
// wait in the table. A row that was published but not yet marked when the
// service died is published again with the same Nats-Msg-Id, which JetStream
// drops as a duplicate within the streams' dedup window.
//
// Each service copies Migration into its own migrations; the table lives in
// the service's schema, and so does the notification channel, so a relay
// wakes only for its own service's events.
package outbox
