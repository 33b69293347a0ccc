// Package audit is the one home of the audit log's conventions
// (docs/audit-logs.md): the actor, entity and action types, Message, which
// turns a change into the outbox message every service writes in the same
// transaction as the change, Redact, which takes secrets out of what an
// entry records, and Provision, the SQL that makes the append-only store.
package audit
