// Package invites is how people join an account: an invite names an email
// and a role, its link carries a single-use token (only its SHA-256 is
// stored), and accepting it with a name and a password makes the user. It
// also holds the rules around that: no invite for an address that is
// already a user, one pending invite per address, the plan's user limit and
// who may invite an owner. It knows no gRPC or SQL; docs/invites.md is the
// interface.
package invites
