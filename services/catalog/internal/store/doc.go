// Package store keeps the catalog's resources in PostgreSQL through the
// sqlc-generated queries of package db (queries/*.sql; regenerate with
// `sqlc generate` in this directory). It implements catalog.Store.
//
// Every query filters on account_id, and every method takes the account id
// first, so a tenant never reads or changes another tenant's rows: such a
// row is reported as apperr.ErrNotFound. Writes happen only inside InTx,
// whose transaction also carries the outbox rows of the change's events.
package store
