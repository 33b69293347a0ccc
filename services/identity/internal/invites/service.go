package invites

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/audit"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/mail"
	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/pkg/plans"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/pkg/roles"
	"github.com/vidhost/vidhost/pkg/timefmt"
	"github.com/vidhost/vidhost/services/identity/internal/opaque"
)

// Errors of the invite rules, in the interface's words.
var (
	// ErrInvalid is the one answer to a token that is unknown, used,
	// revoked or expired: telling them apart would help nobody but a guesser.
	ErrInvalid = &apperr.Refused{Code: apperr.CodeInviteInvalid, Reason: "this invite link is invalid or has expired"}
	errIsUser  = &apperr.Conflict{Reason: "email is already a user's email"}
	// ErrEmailTaken refuses, at acceptance, an invite whose address became a
	// user elsewhere: an address is one user across all accounts. Only the
	// person accepting sees it; the inviting account learns nothing (its
	// invite stays pending), so invites cannot probe other tenants' users.
	ErrEmailTaken = &apperr.Conflict{Reason: "this email address already belongs to a user of another account, and an " +
		"address can belong to one account only: sign in with it, or ask to be invited at another address"}
	errPending   = &apperr.Conflict{Reason: "email already has a pending invite to this account: resend it instead"}
	errAccepted  = &apperr.Conflict{Reason: "this invite was already accepted"}
	errOwnerOnly = &apperr.Denied{Reason: "only an owner can invite an owner"}
)

// Service applies the invite rules.
type Service struct {
	store     Store
	mailer    Mailer
	publicURL string
	logger    *slog.Logger
	now       func() time.Time
	// roleOf is principal.Principal.ActingRole; tests replace it to act as a person.
	roleOf func(principal.Principal) string
}

// NewService returns a Service over store that mails links to publicURL's
// accept page through mailer (nil: nothing is sent, failures are logged).
func NewService(store Store, mailer Mailer, publicURL string, logger *slog.Logger) *Service {
	return &Service{store: store, mailer: mailer, publicURL: publicURL, logger: logger, now: time.Now, roleOf: principal.Principal.ActingRole}
}

// List returns a page of the account's invites, oldest first.
func (s *Service) List(ctx context.Context, p principal.Principal, req page.Request) ([]Invite, string, error) {
	rows, err := s.store.ListInvites(ctx, p.AccountID, req)
	if err != nil {
		return nil, "", err
	}
	items, next := page.Trim(rows, req, func(i Invite) page.Cursor {
		return page.Cursor{Time: i.CreatedTime, ID: i.ID}
	})
	return items, next, nil
}

// Get returns one invite of the account.
func (s *Service) Get(ctx context.Context, p principal.Principal, id string) (Invite, error) {
	if !ids.Valid(id) {
		return Invite{}, apperr.ErrNotFound
	}
	return s.store.GetInvite(ctx, p.AccountID, id)
}

// Create invites in.Email and mails the link once the invite is committed.
func (s *Service) Create(ctx context.Context, p principal.Principal, in Input) (Invite, error) {
	in, err := in.Validate()
	if err != nil {
		return Invite{}, err
	}
	if in.Role == roles.Owner && s.roleOf(p) != roles.Owner {
		return Invite{}, errOwnerOnly
	}
	now := s.timestamp()
	inv := Invite{
		ID: ids.New(), AccountID: p.AccountID, Email: in.Email, Name: in.Name, Role: in.Role,
		ExpiresTime: now.Add(TTL), CreatedBy: p.ActorID, CreatedTime: now, UpdatedBy: p.ActorID, UpdatedTime: now,
	}
	letter := Letter{Invite: inv}
	var watchers []string
	err = s.store.InInviteTx(ctx, func(tx Tx) error {
		acc, err := s.admit(ctx, tx, p.AccountID, in.Email, now)
		if err != nil {
			return err
		}
		token, hash := opaque.New()
		if err := tx.InsertInvite(ctx, p.AccountID, inv, hash); err != nil {
			return err
		}
		letter.Token, letter.AccountName = token, acc.Name
		if letter.Inviter, err = tx.Inviter(ctx, p.AccountID, p.ActorID); err != nil {
			return err
		}
		if watchers, err = tx.NotifiedEmails(ctx, p.AccountID, "user.invited"); err != nil {
			return err
		}
		if err := tx.Audit(ctx, p, audit.EntityInvites, inv.ID, audit.ActionCreate, AuditFields(inv)); err != nil {
			return err
		}
		return tx.Emit(ctx, Event{Kind: UserInvited, AccountID: p.AccountID, ActorID: p.ActorID, Time: now, Invite: inv})
	})
	if err != nil {
		return Invite{}, err
	}
	s.Deliver(ctx, letter)
	for _, to := range watchers {
		s.send(ctx, letter.notice(to), "user.invited notice", inv)
	}
	return inv, nil
}

// admit checks that email may be invited to the account now: not a user
// of this account, no pending invite here, a seat left in the plan. A user
// of another account is invited like any new address, so the answer tells
// nobody who uses the installation; the clash is found at acceptance
// (ErrEmailTaken), by the address's owner alone.
func (s *Service) admit(ctx context.Context, tx Tx, accountID, email string, now time.Time) (Account, error) {
	acc, err := tx.LockAccount(ctx, accountID)
	if err != nil {
		return Account{}, err
	}
	if isUser, err := tx.EmailIsUserOf(ctx, accountID, email); err != nil || isUser {
		return Account{}, firstErr(err, errIsUser)
	}
	if pending, err := tx.PendingInviteExists(ctx, accountID, email, now); err != nil || pending {
		return Account{}, firstErr(err, errPending)
	}
	if err := tx.DeleteExpiredInvite(ctx, accountID, email, now); err != nil {
		return Account{}, err
	}
	seats, err := tx.CountSeats(ctx, accountID, now)
	if err != nil {
		return Account{}, err
	}
	return acc, checkSeats(acc.Plan, seats)
}

// checkSeats refuses a new seat when seats already fill the plan.
func checkSeats(planName string, seats int) error {
	plan, ok := plans.Lookup(planName)
	if !ok {
		return fmt.Errorf("invites: unknown plan %q", planName)
	}
	if seats < plan.MaxUsers {
		return nil
	}
	noun := "users"
	if plan.MaxUsers == 1 {
		noun = "user"
	}
	return plans.Required(fmt.Sprintf("more than %d %s", plan.MaxUsers, noun), func(q plans.Plan) bool { return q.MaxUsers > seats })
}

// Delete revokes an invite: its link stops working when this returns.
func (s *Service) Delete(ctx context.Context, p principal.Principal, id string) error {
	if !ids.Valid(id) {
		return apperr.ErrNotFound
	}
	return s.store.InInviteTx(ctx, func(tx Tx) error {
		if err := tx.DeleteInvite(ctx, p.AccountID, id); err != nil {
			return err
		}
		return tx.Audit(ctx, p, audit.EntityInvites, id, audit.ActionDelete, nil)
	})
}

// Resend gives a not yet accepted invite a new token and a new TTL and
// mails it again; the old link stops working.
func (s *Service) Resend(ctx context.Context, p principal.Principal, id string) (Invite, error) {
	if !ids.Valid(id) {
		return Invite{}, apperr.ErrNotFound
	}
	now := s.timestamp()
	var letter Letter
	err := s.store.InInviteTx(ctx, func(tx Tx) error {
		acc, err := tx.LockAccount(ctx, p.AccountID)
		if err != nil {
			return err
		}
		inv, err := tx.LockInvite(ctx, p.AccountID, id)
		if err != nil {
			return err
		}
		if inv.Status(now) == StatusAccepted {
			return errAccepted
		}
		if inv.Status(now) == StatusExpired && inv.UserID == "" {
			// An expired invite held no seat: renewing takes one again.
			seats, err := tx.CountSeats(ctx, p.AccountID, now)
			if err != nil {
				return err
			}
			if err := checkSeats(acc.Plan, seats); err != nil {
				return err
			}
		}
		token, hash := opaque.New()
		inv.ExpiresTime, inv.UpdatedBy, inv.UpdatedTime = now.Add(TTL), p.ActorID, now
		if err := tx.RenewToken(ctx, p.AccountID, inv, hash); err != nil {
			return err
		}
		letter = Letter{Invite: inv, Token: token, AccountName: acc.Name}
		if letter.Inviter, err = tx.Inviter(ctx, p.AccountID, p.ActorID); err != nil {
			return err
		}
		return tx.Audit(ctx, p, audit.EntityInvites, inv.ID, audit.ActionResend,
			map[string]any{"expires_time": timefmt.Format(inv.ExpiresTime)})
	})
	if err != nil {
		return Invite{}, err
	}
	s.Deliver(ctx, letter)
	return letter.Invite, nil
}

// Deliver mails letter's link. The invite is already committed, so a
// failure is logged, never returned: the inviter can resend. It reports
// whether the mail was handed to the SMTP server.
func (s *Service) Deliver(ctx context.Context, letter Letter) bool {
	return s.send(ctx, letter.message(s.publicURL), "invite", letter.Invite)
}

// send delivers msg, logging a failure with the invite's id (never its
// token). It outlives the request: a client that leaves after the commit
// still gets its mail sent.
func (s *Service) send(ctx context.Context, msg mail.Message, what string, inv Invite) bool {
	if s.mailer == nil {
		s.logger.WarnContext(ctx, "invites: no mailer: "+what+" not sent", "account_id", inv.AccountID, "invite_id", inv.ID)
		return false
	}
	if err := s.mailer.Send(context.WithoutCancel(ctx), msg); err != nil {
		s.logger.ErrorContext(ctx, "invites: "+what+" not sent: resend the invite once mail works",
			"account_id", inv.AccountID, "invite_id", inv.ID, "error", err)
		return false
	}
	return true
}

// timestamp is now at PostgreSQL's precision.
func (s *Service) timestamp() time.Time {
	return s.now().UTC().Truncate(time.Microsecond)
}

// firstErr is err if set, else fallback.
func firstErr(err, fallback error) error {
	if err != nil {
		return err
	}
	return fallback
}

// AuditFields are what the audit log records of a new invite: never its
// token, which is the credential.
func AuditFields(inv Invite) map[string]any {
	return map[string]any{"email": inv.Email, "name": inv.Name, "role": inv.Role,
		"expires_time": timefmt.Format(inv.ExpiresTime)}
}
