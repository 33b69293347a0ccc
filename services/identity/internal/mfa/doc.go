// Package mfa holds the multi-factor codes of sign-in: TOTP secrets (RFC
// 6238 through github.com/pquerna/otp), each code usable once, the secret
// sealed at rest, and single-use recovery codes stored hashed.
package mfa
