// Package password hashes and verifies user passwords with argon2id, the
// memory-hard function OWASP recommends, encoded as a PHC string
// ($argon2id$v=19$m=…,t=…,p=…$salt$hash) so parameters can be raised later
// without invalidating stored hashes. Every hash and verification runs in a
// slot of one process-wide Gate, which bounds the memory and CPU they take
// and answers ErrBusy (503 busy) when a request waits too long for a slot.
package password
