// Package store keeps Idempotency-Key records in the gateway's PostgreSQL
// schema through sqlc-generated queries (queries/ beside db/). Every query
// names the account and the principal: one tenant's key never meets
// another's, nor one caller's another caller's of the same account.
package store
