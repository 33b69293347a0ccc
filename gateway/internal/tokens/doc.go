// Package tokens mints and verifies upload tokens: short-lived, signed
// bearer values an API key holder hands to a browser so that it can create
// one upload of a bounded size, and one video from it, without holding the
// key (docs/tokens.md). The gateway is their only home: it mints them on
// POST /v2/tokens and turns a verified one into a narrowly scoped principal.
package tokens
