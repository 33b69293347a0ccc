// Package store keeps Idempotency-Key records in the gateway's PostgreSQL
// schema through sqlc-generated queries (queries/ beside db/). Every query
// names the account: one tenant's key never meets another's.
package store
