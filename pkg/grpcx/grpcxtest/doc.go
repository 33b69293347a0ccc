// Package grpcxtest checks a running service against grpcx.Policy: every
// method of its descriptor is declared, and refuses calls without
// credentials, signed for another method, by a caller the policy does not
// allow, expired, tampered with or from a read-only key on a write, while
// the allowed caller gets past the check. Iterating the descriptor means a
// new RPC is covered without touching the tests.
//
// It also holds the assertions service tests make on a call's status
// (RequireStatus), so that each service's tests do not keep a copy.
package grpcxtest
