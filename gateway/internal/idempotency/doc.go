// Package idempotency makes POST requests under /v2 safe to retry: a
// request sent with an Idempotency-Key header runs once per principal (the
// API key, signed-in user or upload token that sent it) and key, and for 24
// hours the same caller sending the same key with the same request gets
// the first answer again, while the access table still allows that caller
// the call (docs/idempotency.md). Stored answers are sealed, as they may
// carry secrets. It works on the HTTP exchange, which is why it lives in
// the gateway; the records are in the gateway's own PostgreSQL schema
// (store), swept when they expire.
package idempotency
