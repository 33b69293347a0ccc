// Package opaque makes and checks the random tokens identity hands out as
// credentials (invite links, password-reset links, session cookies): 256
// random bits in URL-safe base64 (secrets.Token), of which only the SHA-256
// is stored.
package opaque
