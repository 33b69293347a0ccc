// Package mail sends plain-text email over SMTP. It uses the standard
// library's net/smtp (no extra dependency): it upgrades to TLS with STARTTLS
// whenever the server offers it, authenticates only when a user is set, and
// bounds every send by a timeout.
package mail
