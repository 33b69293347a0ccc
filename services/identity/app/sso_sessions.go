package app

import (
	"context"

	"github.com/vidhost/vidhost/services/identity/internal/sessions"
	"github.com/vidhost/vidhost/services/identity/internal/sso"
)

// ssoSessions starts the session a single sign-on ends with: the same
// sessions, cookie and expiries as a password sign-in's.
type ssoSessions struct{ sessions *sessions.Service }

// Start implements sso.SessionStarter.
func (s ssoSessions) Start(ctx context.Context, in sso.StartInput) (sso.Started, error) {
	started, err := s.sessions.Start(ctx, sessions.StartInput{
		AccountID: in.AccountID, UserID: in.UserID, Method: in.Method, ClientIP: in.ClientIP, UserAgent: in.UserAgent})
	if err != nil {
		return sso.Started{}, err
	}
	return sso.Started{Token: started.Token, ExpiresTime: started.Session.ExpiresTime}, nil
}
