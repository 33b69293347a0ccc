// Package signin proves who a person is with an email, a password and,
// when they enrolled, a multi-factor code, then starts their session
// (docs/authentication.md). It also enrols and removes TOTP and changes
// passwords. Failed attempts are counted and refused past the limits.
package signin
