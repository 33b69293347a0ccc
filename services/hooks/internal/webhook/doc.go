// Package webhook sends one delivery to a webhook service the way the
// Standard Webhooks specification says (https://www.standardwebhooks.com):
// a JSON POST with webhook-id, webhook-timestamp and webhook-signature
// (v1,<base64 HMAC-SHA256 of id.timestamp.body>, one per valid secret), so
// receivers verify it with the off-the-shelf libraries. Connections go
// through the SSRF guard (pkg/netguard) on every dial, redirects are not
// followed, and time and the response's size are bounded.
package webhook
