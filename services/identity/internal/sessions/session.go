package sessions

import (
	"time"
)

// Lifetimes of a session (docs/authentication.md): it ends after Idle
// without a request, and after Absolute whatever happens.
const (
	Idle     = 12 * time.Hour
	Absolute = 14 * 24 * time.Hour
	// touchEvery bounds the writes of a busy session: its idle expiry is
	// moved at most once a minute.
	touchEvery = time.Minute
)

// Methods a session was started with: the user's authentication.
const (
	MethodPassword = "password"
	MethodSSO      = "sso"
)

// Session is one signed-in browser.
type Session struct {
	ID, AccountID, UserID string
	// Method is how the user signed in: MethodPassword or MethodSSO.
	Method string
	// CSRFToken is what the browser sends back in X-CSRF-Token on every
	// request that changes something.
	CSRFToken           string
	ClientIP, UserAgent string
	CreatedTime         time.Time
	LastSeenTime        time.Time
	IdleExpiresTime     time.Time
	ExpiresTime         time.Time
}

// StartInput is a user who just proved who they are.
type StartInput struct {
	AccountID, UserID string
	// Method is "password" or "sso".
	Method              string
	ClientIP, UserAgent string
}

// Started is a new session and its token: the cookie's value, shown once
// and never stored.
type Started struct {
	Token   string
	Session Session
}

// Resolved is a live session with what the gateway needs to act for its
// user.
type Resolved struct {
	Session Session
	Email   string
	Role    string
	Plan    string
	// LiveEnabled tells whether the plan includes live streaming.
	LiveEnabled bool
	// MFAEnrolmentRequired: the account requires multi-factor codes and
	// the user has none yet, so the session may only enrol them.
	MFAEnrolmentRequired bool
}
