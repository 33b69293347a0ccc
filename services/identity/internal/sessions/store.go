package sessions

import (
	"context"
	"time"
)

// Store keeps sessions by the SHA-256 of their token.
type Store interface {
	InsertSession(ctx context.Context, s Session, tokenHash []byte) error
	// ResolveSession finds the live session of tokenHash whose user and
	// account are enabled; apperr.ErrNotFound otherwise.
	ResolveSession(ctx context.Context, tokenHash []byte, now time.Time) (Resolved, error)
	// TouchSession moves the idle expiry (never past the absolute one).
	TouchSession(ctx context.Context, accountID, id string, now, idleExpires time.Time) error
	// DeleteSessionByToken ends one session; apperr.ErrNotFound if none.
	DeleteSessionByToken(ctx context.Context, tokenHash []byte) (Session, error)
	// DeleteUserSessions ends every session of the user except keepID's
	// (keepID "" ends them all) and reports how many ended.
	DeleteUserSessions(ctx context.Context, accountID, userID, keepID string) (int64, error)
}
