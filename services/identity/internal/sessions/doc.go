// Package sessions keeps signed-in browsers: an opaque random token in a
// cookie, stored hashed, with idle and absolute expiry and a CSRF token
// (docs/authentication.md). Password and single sign-on both end in Start;
// disabling or deleting a user ends theirs (StopUser, a users.Stopper).
package sessions
