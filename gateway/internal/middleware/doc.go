// Package middleware holds the gateway's plain net/http middleware: panic
// recovery, request ids, nosniff on every response, the access log, and the
// request checks of /v2 calls (deadline before authentication; body size
// and content type after it, so no unauthenticated body is ever read).
// Refusals are written in the /v2 envelope.
package middleware
