// Package store keeps the hooks service's services and hooks in PostgreSQL
// through the sqlc-generated queries of package db (queries/*.sql;
// regenerate with `sqlc generate` in this directory). It implements
// hooks.Store.
//
// Every query filters on account_id and every method takes the account id
// first. A service's credentials are sealed with a secrets.Box bound to its
// account and id before they reach the database, and opened only by the
// reads that need them (LockService).
package store
