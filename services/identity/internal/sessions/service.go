package sessions

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/secrets"
	"github.com/vidhost/vidhost/services/identity/internal/opaque"
)

// ErrInvalid is the one answer to a token that is unknown, forged, ended or
// expired, or whose user or account is disabled.
var ErrInvalid = &apperr.NotAuthenticated{Code: apperr.CodeSessionInvalid, Reason: "this session is invalid or has expired: sign in again"}

// maxUserAgent bounds what is kept of a browser's User-Agent.
const maxUserAgent = 256

// Service starts, resolves and ends sessions.
type Service struct {
	store Store
	now   func() time.Time
}

// NewService returns a Service over store.
func NewService(store Store) *Service {
	return &Service{store: store, now: time.Now}
}

// Start begins a session for a user who just proved who they are; the
// caller has checked the password (or the identity provider) and any
// multi-factor code.
func (s *Service) Start(ctx context.Context, in StartInput) (Started, error) {
	if in.Method != MethodPassword && in.Method != MethodSSO {
		return Started{}, fmt.Errorf("sessions: unknown method %q", in.Method)
	}
	now := s.timestamp()
	token, hash := opaque.New()
	sess := Session{
		ID: ids.New(), AccountID: in.AccountID, UserID: in.UserID, Method: in.Method,
		CSRFToken: newCSRFToken(), ClientIP: in.ClientIP, UserAgent: truncate(in.UserAgent, maxUserAgent),
		CreatedTime: now, LastSeenTime: now, IdleExpiresTime: now.Add(Idle), ExpiresTime: now.Add(Absolute),
	}
	if err := s.store.InsertSession(ctx, sess, hash); err != nil {
		return Started{}, err
	}
	return Started{Token: token, Session: sess}, nil
}

// Resolve returns the live session of token, moving its idle expiry on.
func (s *Service) Resolve(ctx context.Context, token string) (Resolved, error) {
	if !opaque.WellFormed(token) {
		return Resolved{}, ErrInvalid
	}
	now := s.timestamp()
	r, err := s.store.ResolveSession(ctx, opaque.Hash(token), now)
	if errors.Is(err, apperr.ErrNotFound) {
		return Resolved{}, s.ended(ctx, token)
	}
	if err != nil {
		return Resolved{}, err
	}
	if now.Sub(r.Session.LastSeenTime) >= touchEvery {
		idle := minTime(now.Add(Idle), r.Session.ExpiresTime)
		if err := s.store.TouchSession(ctx, r.Session.AccountID, r.Session.ID, now, idle); err != nil {
			return Resolved{}, err
		}
		r.Session.LastSeenTime, r.Session.IdleExpiresTime = now, idle
	}
	return r, nil
}

// ended is the answer to a token that resolves to no live session: when a
// row is still there (expired, or its user or account disabled) it is
// removed, and the error names it once so the caller can audit its use.
func (s *Service) ended(ctx context.Context, token string) error {
	sess, err := s.store.DeleteSessionByToken(ctx, opaque.Hash(token))
	if errors.Is(err, apperr.ErrNotFound) {
		return ErrInvalid // forged, or signed out before
	}
	if err != nil {
		return err
	}
	return &EndedError{Session: sess}
}

// EndedError is ErrInvalid for a token whose session existed but had
// expired or whose user or account was disabled.
type EndedError struct{ Session Session }

func (e *EndedError) Error() string { return ErrInvalid.Error() }

// Unwrap makes an EndedError answer as ErrInvalid.
func (e *EndedError) Unwrap() error { return ErrInvalid }

// End signs the session of token out. An unknown token is ErrInvalid.
func (s *Service) End(ctx context.Context, token string) (Session, error) {
	if !opaque.WellFormed(token) {
		return Session{}, ErrInvalid
	}
	sess, err := s.store.DeleteSessionByToken(ctx, opaque.Hash(token))
	return sess, orInvalid(err)
}

// SignOut ends the session of token or, with everywhere, every session of
// its user, and reports how many ended.
func (s *Service) SignOut(ctx context.Context, token string, everywhere bool) (int64, error) {
	sess, err := s.End(ctx, token)
	if err != nil || !everywhere {
		return 1, err
	}
	n, err := s.EndOthers(ctx, sess.AccountID, sess.UserID, "")
	return n + 1, err
}

// EndOthers ends every session of the user but keepID ("" ends them all):
// "sign out everywhere", and what a password change does.
func (s *Service) EndOthers(ctx context.Context, accountID, userID, keepID string) (int64, error) {
	return s.store.DeleteUserSessions(ctx, accountID, userID, keepID)
}

// StopUser ends every session of a user who was disabled or deleted
// (users.Stopper): their next request is refused.
func (s *Service) StopUser(ctx context.Context, accountID, userID string) error {
	_, err := s.store.DeleteUserSessions(ctx, accountID, userID, "")
	return err
}

// timestamp is now at PostgreSQL's precision.
func (s *Service) timestamp() time.Time {
	return s.now().UTC().Truncate(time.Microsecond)
}

// newCSRFToken is 128 random bits: it only has to be unguessable by
// another origin.
func newCSRFToken() string {
	return secrets.Token(16)
}

func orInvalid(err error) error {
	if errors.Is(err, apperr.ErrNotFound) {
		return ErrInvalid
	}
	return err
}

func truncate(s string, n int) string {
	s = strings.ToValidUTF8(s, "")
	for len(s) > n {
		_, size := utf8.DecodeLastRuneInString(s)
		s = s[:len(s)-size]
	}
	return s
}

func minTime(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}
