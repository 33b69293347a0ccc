// Package sso is single sign-on: an account's OpenID Connect identity
// providers (their rules and the /v2/identity_providers use cases) and the
// sign-in through them, the authorization code flow with PKCE and a nonce
// (docs/identity-providers.md). It has no gRPC or SQL; the store and the
// server packages adapt it.
package sso
