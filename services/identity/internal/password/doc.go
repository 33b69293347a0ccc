// Package password hashes and verifies user passwords with argon2id, the
// memory-hard function OWASP recommends, encoded as a PHC string
// ($argon2id$v=19$m=…,t=…,p=…$salt$hash) so parameters can be raised later
// without invalidating stored hashes.
package password
