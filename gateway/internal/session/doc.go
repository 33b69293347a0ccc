// Package session is the gateway's side of dashboard sessions: the session
// cookie (Sessions: set, read, resolved through identity on every request,
// CSRF and Origin checks, the live-session cache media tokens rely on), the
// gateway's own /v2/session and password reset endpoints (Endpoints), single
// sign-on (SSOPages), and the sign-in, sign-out, reset and single sign-on
// pages with their templates and assets (docs/authentication.md,
// docs/identity-providers.md).
//
// They live together because each of them sets, clears or checks the same
// cookie. The package builds on auth for client addresses and the limits it
// shares with API keys; auth's middleware takes a session cookie through its
// own SessionCookie interface, so nothing here is imported back by auth. The
// pages render through gateway/web's credential page helpers, and app only
// wires the parts together.
package session
