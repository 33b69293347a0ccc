// Package secrets turns the one root secret an operator configures
// (VIDHOST_INTERNAL_SECRET) into one key per purpose: the HMAC key of each
// caller of internal gRPC calls, the blob-URL and media-token signing keys,
// each service's NATS user seed and database password. Keys are derived with
// HKDF-SHA256 (RFC 5869, crypto/hkdf in the standard library), so a key that
// leaks through one purpose (a media token's HMAC, say) says nothing about
// the others, and rotating the root rotates them all.
//
// Every secret, the root and any per-purpose override, must be at least
// MinLength bytes: Check says so with the variable's name.
//
// It is also the one place random secrets are made (random.go): tokens,
// API key values, generated passwords, recovery codes, signing secrets and
// resource ids all come from Bytes, Token or String, so every one of them is
// drawn from crypto/rand the same way and none is derived from anything a
// caller could guess.
package secrets
