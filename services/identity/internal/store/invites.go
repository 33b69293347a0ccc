package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/audit"
	"github.com/vidhost/vidhost/pkg/outbox"
	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/pkg/pg"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/services/identity/internal/events"
	"github.com/vidhost/vidhost/services/identity/internal/invites"
	"github.com/vidhost/vidhost/services/identity/internal/store/db"
)

var (
	_ invites.Store = InviteStore{}
	_ invites.Tx    = inviteTx{}
)

// InviteStore is the invites.Store of identity's database.
type InviteStore struct{ s *Store }

// Invites returns the invites view of s.
func (s *Store) Invites() InviteStore { return InviteStore{s: s} }

// ListInvites returns up to req.FetchLimit() invites after req's cursor.
func (v InviteStore) ListInvites(ctx context.Context, accountID string, req page.Request) ([]invites.Invite, error) {
	rows, err := v.s.q.ListInvites(ctx, db.ListInvitesParams{
		AccountID: accountID, AfterTime: req.Cursor.Time, AfterID: req.Cursor.ID, MaxRows: req.FetchLimit(),
	})
	if err != nil {
		return nil, fmt.Errorf("list invites: %w", err)
	}
	out := make([]invites.Invite, len(rows))
	for i, r := range rows {
		out[i] = inviteFromRow(db.GetInviteRow(r))
	}
	return out, nil
}

// GetInvite returns one invite of the account.
func (v InviteStore) GetInvite(ctx context.Context, accountID, id string) (invites.Invite, error) {
	row, err := v.s.q.GetInvite(ctx, db.GetInviteParams{AccountID: accountID, ID: id})
	if err != nil {
		return invites.Invite{}, notFound("get invite", err)
	}
	return inviteFromRow(row), nil
}

// InInviteTx runs fn in a transaction, committing when it returns nil.
func (v InviteStore) InInviteTx(ctx context.Context, fn func(invites.Tx) error) error {
	return v.s.inTx(ctx, func(q *db.Queries, pgTx pgx.Tx) error {
		return fn(inviteTx{q: q, pgTx: pgTx})
	})
}

type inviteTx struct {
	q    *db.Queries
	pgTx pgx.Tx
}

// Audit records a change in the account's audit log, in this transaction.
func (t inviteTx) Audit(ctx context.Context, p principal.Principal, entityType, entityID, action string, changed any) error {
	return audit.Record(ctx, t.pgTx, p, entityType, entityID, action, changed)
}

// LockAccount reads and locks the account's row.
func (t inviteTx) LockAccount(ctx context.Context, accountID string) (invites.Account, error) {
	row, err := t.q.LockAccount(ctx, accountID)
	if err != nil {
		return invites.Account{}, notFound("lock account", err)
	}
	return invites.Account{Name: row.Name, Plan: row.Plan, Enabled: row.Enabled}, nil
}

// EmailIsUser reports whether any user has email.
func (t inviteTx) EmailIsUser(ctx context.Context, email string) (bool, error) {
	taken, err := t.q.EmailIsUser(ctx, email)
	if err != nil {
		return false, fmt.Errorf("email is user: %w", err)
	}
	return taken, nil
}

// EmailIsUserOf reports whether a user of the account has email.
func (t inviteTx) EmailIsUserOf(ctx context.Context, accountID, email string) (bool, error) {
	taken, err := t.q.EmailIsUserOf(ctx, db.EmailIsUserOfParams{AccountID: accountID, Email: email})
	if err != nil {
		return false, fmt.Errorf("email is user of account: %w", err)
	}
	return taken, nil
}

// PendingInviteExists reports whether email has a pending invite.
func (t inviteTx) PendingInviteExists(ctx context.Context, accountID, email string, now time.Time) (bool, error) {
	ok, err := t.q.PendingInviteExists(ctx, db.PendingInviteExistsParams{AccountID: accountID, Email: email, Now: now})
	if err != nil {
		return false, fmt.Errorf("pending invite: %w", err)
	}
	return ok, nil
}

// DeleteExpiredInvite removes email's expired, unaccepted invite.
func (t inviteTx) DeleteExpiredInvite(ctx context.Context, accountID, email string, now time.Time) error {
	if err := t.q.DeleteExpiredInvite(ctx, db.DeleteExpiredInviteParams{AccountID: accountID, Email: email, Now: now}); err != nil {
		return fmt.Errorf("delete expired invite: %w", err)
	}
	return nil
}

// CountSeats counts users and seat-taking pending invites.
func (t inviteTx) CountSeats(ctx context.Context, accountID string, now time.Time) (int, error) {
	n, err := t.q.CountSeats(ctx, db.CountSeatsParams{AccountID: accountID, Now: now})
	if err != nil {
		return 0, fmt.Errorf("count seats: %w", err)
	}
	return int(n), nil
}

// InsertInvite stores inv with its token's hash.
func (t inviteTx) InsertInvite(ctx context.Context, accountID string, inv invites.Invite, tokenHash []byte) error {
	return insertInvite(ctx, t.q, accountID, inv, tokenHash)
}

// insertInvite is shared with the operator's transaction (owner invites).
func insertInvite(ctx context.Context, q *db.Queries, accountID string, inv invites.Invite, tokenHash []byte) error {
	err := q.InsertInvite(ctx, db.InsertInviteParams{
		ID: inv.ID, AccountID: accountID, Email: inv.Email, Name: inv.Name, Role: inv.Role,
		UserID: pgtype.Text{String: inv.UserID, Valid: inv.UserID != ""}, TokenHash: tokenHash,
		ExpiresTime: inv.ExpiresTime, CreatedBy: inv.CreatedBy, CreatedTime: inv.CreatedTime,
		UpdatedBy: inv.UpdatedBy, UpdatedTime: inv.UpdatedTime,
	})
	if pg.IsUniqueViolation(err) {
		// Two invites of one address raced past PendingInviteExists.
		return &apperr.Conflict{Reason: "email already has a pending invite to this account: resend it instead"}
	}
	if err != nil {
		return fmt.Errorf("insert invite: %w", err)
	}
	return nil
}

// LockInvite reads and locks one invite of the account.
func (t inviteTx) LockInvite(ctx context.Context, accountID, id string) (invites.Invite, error) {
	row, err := t.q.LockInvite(ctx, db.LockInviteParams{AccountID: accountID, ID: id})
	if err != nil {
		return invites.Invite{}, notFound("lock invite", err)
	}
	return inviteFromRow(db.GetInviteRow(row)), nil
}

// LockInviteByToken reads and locks the invite of a token hash.
func (t inviteTx) LockInviteByToken(ctx context.Context, tokenHash []byte) (invites.Invite, error) {
	row, err := t.q.LockInviteByToken(ctx, tokenHash)
	if err != nil {
		return invites.Invite{}, notFound("lock invite by token", err)
	}
	return inviteFromRow(db.GetInviteRow(row)), nil
}

// RenewToken stores inv's new token hash and expiry.
func (t inviteTx) RenewToken(ctx context.Context, accountID string, inv invites.Invite, tokenHash []byte) error {
	err := t.q.RenewInviteToken(ctx, db.RenewInviteTokenParams{
		AccountID: accountID, ID: inv.ID, TokenHash: tokenHash, ExpiresTime: inv.ExpiresTime,
		UpdatedBy: inv.UpdatedBy, UpdatedTime: inv.UpdatedTime,
	})
	if err != nil {
		return fmt.Errorf("renew invite: %w", err)
	}
	return nil
}

// MarkAccepted uses the invite up.
func (t inviteTx) MarkAccepted(ctx context.Context, accountID, id string, at time.Time) error {
	err := t.q.MarkInviteAccepted(ctx, db.MarkInviteAcceptedParams{AccountID: accountID, ID: id, AcceptedTime: pgtype.Timestamptz{Time: at, Valid: true}})
	if err != nil {
		return fmt.Errorf("accept invite: %w", err)
	}
	return nil
}

// DeleteInvite removes one invite of the account.
func (t inviteTx) DeleteInvite(ctx context.Context, accountID, id string) error {
	n, err := t.q.DeleteInvite(ctx, db.DeleteInviteParams{AccountID: accountID, ID: id})
	if err != nil {
		return fmt.Errorf("delete invite: %w", err)
	}
	if n == 0 {
		return apperr.ErrNotFound
	}
	return nil
}

// InsertUser adds the user an invite makes.
func (t inviteTx) InsertUser(ctx context.Context, accountID string, u invites.NewUser) error {
	err := t.q.InsertInvitedUser(ctx, db.InsertInvitedUserParams{
		ID: u.ID, AccountID: accountID, Email: u.Email, Name: u.Name, Role: u.Role,
		PasswordHash: u.PasswordHash, CreatedBy: u.CreatedBy, CreatedTime: u.Time,
	})
	if pg.IsUniqueViolation(err) {
		// The address became a user of some account after it was invited:
		// told to the person accepting, never to the inviter.
		return invites.ErrEmailTaken
	}
	if err != nil {
		return fmt.Errorf("insert invited user: %w", err)
	}
	return nil
}

// CompleteUser sets an existing user's name and password.
func (t inviteTx) CompleteUser(ctx context.Context, accountID string, u invites.NewUser) error {
	n, err := t.q.CompleteInvitedUser(ctx, db.CompleteInvitedUserParams{
		AccountID: accountID, ID: u.ID, Name: u.Name, PasswordHash: u.PasswordHash, UpdatedTime: u.Time,
	})
	if err != nil {
		return fmt.Errorf("complete invited user: %w", err)
	}
	if n == 0 {
		// Gone, or signs in with single sign-on and so takes no password.
		return invites.ErrInvalid
	}
	return nil
}

// Inviter names actorID for an email.
func (t inviteTx) Inviter(ctx context.Context, accountID, actorID string) (invites.Inviter, error) {
	row, err := t.q.InviterName(ctx, db.InviterNameParams{AccountID: accountID, ActorID: actorID})
	if err != nil {
		return invites.Inviter{}, fmt.Errorf("inviter name: %w", err)
	}
	return invites.Inviter{KeyName: row.KeyName, UserName: row.UserName}, nil
}

// NotifiedEmails lists who asked to hear of event.
func (t inviteTx) NotifiedEmails(ctx context.Context, accountID, event string) ([]string, error) {
	emails, err := t.q.NotifiedUserEmails(ctx, db.NotifiedUserEmailsParams{AccountID: accountID, Event: event})
	if err != nil {
		return nil, fmt.Errorf("notified users: %w", err)
	}
	return emails, nil
}

// Emit adds e to the transaction's outbox.
func (t inviteTx) Emit(ctx context.Context, e invites.Event) error {
	msg, err := events.InviteMessage(e)
	if err != nil {
		return err
	}
	return outbox.Enqueue(ctx, t.pgTx, msg)
}

// InsertInvite stores the invite of an account's first owner.
func (t *tx) InsertInvite(ctx context.Context, accountID string, inv invites.Invite, tokenHash []byte) error {
	return insertInvite(ctx, t.q, accountID, inv, tokenHash)
}

func inviteFromRow(r db.GetInviteRow) invites.Invite {
	inv := invites.Invite{
		ID: r.ID, AccountID: r.AccountID, Email: r.Email, Name: r.Name, Role: r.Role, UserID: r.UserID.String,
		ExpiresTime: r.ExpiresTime.UTC(),
		CreatedBy:   r.CreatedBy, CreatedTime: r.CreatedTime.UTC(), UpdatedBy: r.UpdatedBy, UpdatedTime: r.UpdatedTime.UTC(),
	}
	if r.AcceptedTime.Valid {
		inv.AcceptedTime = r.AcceptedTime.Time.UTC()
	}
	return inv
}
