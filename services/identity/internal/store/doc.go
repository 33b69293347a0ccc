// Package store keeps identity's rows in PostgreSQL through sqlc-generated
// queries (queries/*.sql, generated into db/ by `sqlc generate`). It
// implements the domains' Store interfaces; every change that others must
// hear about writes its event to the outbox in the same transaction.
package store
