// Package idempotency makes POST requests under /v2 safe to retry: a
// request sent with an Idempotency-Key header runs once per account and
// key, and for 24 hours the same key with the same request gets the first
// answer again (docs/idempotency.md). It works on the HTTP exchange, which
// is why it lives in the gateway; the records are in the gateway's own
// PostgreSQL schema (store), swept when they expire.
package idempotency
