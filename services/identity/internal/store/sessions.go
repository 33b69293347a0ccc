package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/vidhost/vidhost/services/identity/internal/sessions"
	"github.com/vidhost/vidhost/services/identity/internal/store/db"
)

var _ sessions.Store = SessionStore{}

// SessionStore is the sessions.Store of identity's database.
type SessionStore struct{ s *Store }

// Sessions returns the sessions view of s.
func (s *Store) Sessions() SessionStore { return SessionStore{s: s} }

// InsertSession stores a new session by its token's hash and forgets the
// user's sessions that ended by expiry.
func (v SessionStore) InsertSession(ctx context.Context, sess sessions.Session, tokenHash []byte) error {
	return v.s.inTx(ctx, func(q *db.Queries, _ pgx.Tx) error {
		err := q.DeleteExpiredUserSessions(ctx, db.DeleteExpiredUserSessionsParams{
			AccountID: sess.AccountID, UserID: sess.UserID, Now: sess.CreatedTime})
		if err != nil {
			return fmt.Errorf("delete expired sessions: %w", err)
		}
		err = q.InsertSession(ctx, db.InsertSessionParams{
			ID: sess.ID, AccountID: sess.AccountID, UserID: sess.UserID, TokenHash: tokenHash, CsrfToken: sess.CSRFToken,
			Method: sess.Method, ClientIp: sess.ClientIP, UserAgent: sess.UserAgent, CreatedTime: sess.CreatedTime,
			IdleExpiresTime: sess.IdleExpiresTime, ExpiresTime: sess.ExpiresTime,
		})
		if err != nil {
			return fmt.Errorf("insert session: %w", err)
		}
		return nil
	})
}

// ResolveSession finds the live session of tokenHash.
func (v SessionStore) ResolveSession(ctx context.Context, tokenHash []byte, now time.Time) (sessions.Resolved, error) {
	r, err := v.s.q.ResolveSession(ctx, db.ResolveSessionParams{TokenHash: tokenHash, Now: now})
	if err != nil {
		return sessions.Resolved{}, notFound("resolve session", err)
	}
	return sessions.Resolved{
		Session: sessions.Session{
			ID: r.ID, AccountID: r.AccountID, UserID: r.UserID, Method: r.Method, CSRFToken: r.CsrfToken,
			ClientIP: r.ClientIp, UserAgent: r.UserAgent, CreatedTime: r.CreatedTime, LastSeenTime: r.LastSeenTime,
			IdleExpiresTime: r.IdleExpiresTime, ExpiresTime: r.ExpiresTime,
		},
		Email: r.Email, Role: r.Role, Plan: r.Plan, LiveEnabled: liveEnabled(r.Plan),
		MFAEnrolmentRequired: r.MfaEnrolmentRequired,
	}, nil
}

// TouchSession moves a session's idle expiry.
func (v SessionStore) TouchSession(ctx context.Context, accountID, id string, now, idleExpires time.Time) error {
	err := v.s.q.TouchSession(ctx, db.TouchSessionParams{AccountID: accountID, ID: id, Now: now, IdleExpiresTime: idleExpires})
	if err != nil {
		return fmt.Errorf("touch session: %w", err)
	}
	return nil
}

// DeleteSessionByToken ends the session of tokenHash.
func (v SessionStore) DeleteSessionByToken(ctx context.Context, tokenHash []byte) (sessions.Session, error) {
	r, err := v.s.q.DeleteSessionByToken(ctx, tokenHash)
	if err != nil {
		return sessions.Session{}, notFound("delete session", err)
	}
	return sessions.Session{ID: r.ID, AccountID: r.AccountID, UserID: r.UserID}, nil
}

// DeleteUserSessions ends the user's sessions but keepID's ("" keeps none).
func (v SessionStore) DeleteUserSessions(ctx context.Context, accountID, userID, keepID string) (int64, error) {
	var n int64
	var err error
	if keepID == "" {
		n, err = v.s.q.DeleteUserSessions(ctx, db.DeleteUserSessionsParams{AccountID: accountID, UserID: userID})
	} else {
		n, err = v.s.q.DeleteOtherUserSessions(ctx, db.DeleteOtherUserSessionsParams{AccountID: accountID, UserID: userID, KeepID: keepID})
	}
	if err != nil {
		return 0, fmt.Errorf("delete user sessions: %w", err)
	}
	return n, nil
}
