package invites

import (
	"context"
	"errors"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/audit"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/services/identity/internal/opaque"
	"github.com/vidhost/vidhost/services/identity/internal/password"
)

// Acceptance is the body of POST /invites/accept.
type Acceptance struct {
	Token, Name, Password string
	// ClientIP is the invitee's address as the gateway saw it, for the
	// audit log.
	ClientIP string
}

// Joined is the user an accepted invite made or completed.
type Joined struct {
	AccountID, UserID, Email string
}

// validate checks the name and password; the token is checked against the
// store.
func (a Acceptance) validate() (Acceptance, error) {
	a.Name = strings.TrimSpace(a.Name)
	if n := utf8.RuneCountInString(a.Name); n < 1 || n > 100 {
		return a, apperr.InvalidField("name", "must be 1-100 characters")
	}
	return a, password.Check("password", a.Password)
}

// Accept turns a pending invite into a user of its account, email
// verified, and uses the invite up, in one transaction. Any token that is
// not a pending invite's is ErrInvalid.
func (s *Service) Accept(ctx context.Context, a Acceptance) (Joined, error) {
	a, err := a.validate()
	if err != nil {
		return Joined{}, err
	}
	if !opaque.WellFormed(a.Token) {
		return Joined{}, ErrInvalid
	}
	now := s.timestamp()
	// Hashing is slow and memory-hard on purpose (argon2id), so only the
	// token of a live invite earns one: a guessed token costs a lookup. The
	// hash is made before the row is locked, and the transaction below
	// checks the invite again.
	if err := s.checkPending(ctx, a.Token, now); err != nil {
		return Joined{}, err
	}
	hash, err := password.Hash(ctx, a.Password)
	if err != nil {
		return Joined{}, err
	}
	var out Joined
	err = s.store.InInviteTx(ctx, func(tx Tx) error {
		inv, err := tx.LockInviteByToken(ctx, opaque.Hash(a.Token))
		if err != nil || inv.Status(now) != StatusPending {
			return firstErr(ignoreNotFound(err), ErrInvalid)
		}
		if acc, err := tx.LockAccount(ctx, inv.AccountID); err != nil || !acc.Enabled {
			return firstErr(ignoreNotFound(err), ErrInvalid)
		}
		u := NewUser{ID: inv.UserID, Email: inv.Email, Name: a.Name, Role: inv.Role, PasswordHash: hash, CreatedBy: inv.CreatedBy, Time: now}
		kind := UserCompleted
		if u.ID == "" {
			u.ID, kind = ids.New(), UserJoined
			err = tx.InsertUser(ctx, inv.AccountID, u)
		} else {
			err = tx.CompleteUser(ctx, inv.AccountID, u)
		}
		if err != nil {
			return err
		}
		if err := tx.MarkAccepted(ctx, inv.AccountID, inv.ID, now); err != nil {
			return err
		}
		out = Joined{AccountID: inv.AccountID, UserID: u.ID, Email: inv.Email}
		if err := auditAcceptance(ctx, tx, inv, u, kind, a.ClientIP); err != nil {
			return err
		}
		return tx.Emit(ctx, Event{Kind: kind, AccountID: inv.AccountID, ActorID: u.ID, Time: now, Invite: inv, UserID: u.ID})
	})
	return out, err
}

// ignoreNotFound turns "no such row" into nil, so the caller answers
// ErrInvalid instead.
func ignoreNotFound(err error) error {
	if errors.Is(err, apperr.ErrNotFound) {
		return nil
	}
	return err
}

// checkPending answers ErrInvalid unless token is a pending invite's, and
// ErrEmailTaken when the invite would make a user whose address is already
// one's, in any account: the person accepting owns the address, and learns
// it before a password is hashed for nothing.
func (s *Service) checkPending(ctx context.Context, token string, now time.Time) error {
	return s.store.InInviteTx(ctx, func(tx Tx) error {
		inv, err := tx.LockInviteByToken(ctx, opaque.Hash(token))
		if err != nil || inv.Status(now) != StatusPending {
			return firstErr(ignoreNotFound(err), ErrInvalid)
		}
		if inv.UserID != "" {
			return nil // completes the account's own first owner
		}
		if taken, err := tx.EmailIsUser(ctx, inv.Email); err != nil || taken {
			return firstErr(err, ErrEmailTaken)
		}
		return nil
	})
}

// auditAcceptance records, as the new user's own act, the user the invite
// made (or the owner it completed) and the invite it used up.
func auditAcceptance(ctx context.Context, tx Tx, inv Invite, u NewUser, kind EventKind, clientIP string) error {
	p := principal.Principal{AccountID: inv.AccountID, ActorID: u.ID, ActorType: principal.ActorUser, Role: u.Role, ClientIP: clientIP}
	action := audit.ActionCreate
	if kind == UserCompleted {
		action = audit.ActionUpdate
	}
	fields := map[string]any{"email": u.Email, "name": u.Name, "role": u.Role, "verified_email": true, "invite": inv.ID}
	if err := tx.Audit(ctx, p, audit.EntityUsers, u.ID, action, fields); err != nil {
		return err
	}
	return tx.Audit(ctx, p, audit.EntityInvites, inv.ID, audit.ActionAccept, map[string]any{"status": StatusAccepted})
}
