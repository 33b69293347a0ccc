// Package signin proves who a person is with an email, a password and,
// when they enrolled, a multi-factor code, then starts their session
// (docs/authentication.md). It also enrols and removes TOTP and changes
// passwords. Attempts are counted before they are checked (in the database,
// so on every replica) and refused past the limits; one that succeeds is
// uncounted.
package signin
