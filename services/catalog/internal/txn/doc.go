// Package txn holds the catalog's one way of changing something: run the
// change in a transaction and record, in that same transaction, the event
// that announces it (which the store's outbox turns into the bus message and
// the audit entry). The catalog domain and the packages carved out of it
// (stream keys, transcribes) share it, so a change and its announcement
// stand or fall together everywhere. It is generic over the transaction and
// the event so that it depends on neither the domain nor the store.
package txn
