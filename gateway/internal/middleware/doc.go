// Package middleware holds the gateway's plain net/http middleware: panic
// recovery, request ids, the access log, and the request checks every /v2
// call passes before authentication (body size, content type, deadline).
// Refusals are written in the /v2 envelope.
package middleware
