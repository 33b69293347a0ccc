// Package store keeps uploads and account settings in PostgreSQL through
// the sqlc-generated queries of package db (queries/*.sql; regenerate with
// `sqlc generate` in this directory). It implements upload.Store.
//
// Every query a client's request leads to filters on account_id, and those
// methods take the account id first, so a tenant never reads or changes
// another tenant's rows: such a row is reported as apperr.ErrNotFound. The
// sweeper's two scans are the only queries across accounts.
package store
