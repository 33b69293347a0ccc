package sso

import (
	"context"
	"time"
)

// MethodSSO is the sign-in method a single sign-on session records.
const MethodSSO = "sso"

// SessionStarter starts a dashboard session for a signed-in person. The
// sessions work (services/identity/internal/sessions) implements it; until
// it is plugged in (Options.Starter nil), a sign-in answers the user alone.
type SessionStarter interface {
	Start(ctx context.Context, in StartInput) (Started, error)
}

// StartInput is who signed in, how and from where.
type StartInput struct {
	AccountID, UserID string
	// Method is MethodSSO.
	Method              string
	ClientIP, UserAgent string
}

// Started is a new session: Token goes into the session cookie.
type Started struct {
	Token       string
	ExpiresTime time.Time
}
