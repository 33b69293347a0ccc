// Package auth authenticates /v2 requests: it resolves the bearer API key
// through identity's Authenticate RPC, caches the answer briefly (only while
// key events from JetStream can invalidate it), and enforces what the key
// allows: its client addresses and, for read-only keys, reads only. The
// resolved principal goes into the request context for the gRPC metadata.
package auth
