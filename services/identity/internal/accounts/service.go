package accounts

import (
	"context"
	"time"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/audit"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/pkg/plans"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/pkg/roles"
	"github.com/vidhost/vidhost/services/identity/internal/invites"
	"github.com/vidhost/vidhost/services/identity/internal/keys"
)

// Names of the keys this domain makes.
const (
	FirstKeyName     = "first key"
	RecoveredKeyName = "recovered key"
)

// Service carries out the operator's requests; the caller has already
// checked that the operator makes them.
type Service struct {
	store   Store
	inviter Inviter
	now     func() time.Time
}

// Inviter mails an invite's link after its transaction commits;
// *invites.Service is one.
type Inviter interface {
	Deliver(ctx context.Context, letter invites.Letter) bool
}

// NewService returns a Service over store; inviter mails the owners'
// invites (nil: they are stored but not mailed).
func NewService(store Store, inviter Inviter) *Service {
	return &Service{store: store, inviter: inviter, now: time.Now}
}

// Create makes an account, its owner, the owner's invite and a first
// read-write key, in one transaction, then mails the invite: accepting it
// sets the owner's name and password. An owner email already used by any
// user is a conflict.
func (s *Service) Create(ctx context.Context, in Input) (Created, error) {
	in, err := in.Validate()
	if err != nil {
		return Created{}, err
	}
	now := s.timestamp()
	out := Created{
		Account: Account{ID: ids.New(), Name: in.Name, Plan: in.Plan, Enabled: true, CreatedTime: now, UpdatedTime: now},
		OwnerID: ids.New(),
	}
	var letter invites.Letter
	err = s.store.InAccountTx(ctx, func(tx Tx) error {
		if err := tx.InsertAccount(ctx, out.Account, OperatorActor); err != nil {
			return err
		}
		if err := tx.InsertOwner(ctx, out.Account.ID, out.OwnerID, in.OwnerEmail, OperatorActor, now); err != nil {
			return err
		}
		inv, token, hash := invites.ForOwner(out.Account.ID, out.OwnerID, in.OwnerEmail, OperatorActor, now)
		if err := tx.InsertInvite(ctx, out.Account.ID, inv, hash); err != nil {
			return err
		}
		letter = invites.Letter{Invite: inv, Token: token, AccountName: in.Name}
		err := tx.Audit(ctx, operator(out.Account.ID), audit.EntityInvites, inv.ID, audit.ActionCreate, invites.AuditFields(inv))
		if err != nil {
			return err
		}
		err = tx.Audit(ctx, operator(out.Account.ID), audit.EntityAccounts, out.Account.ID, audit.ActionCreate,
			map[string]any{"name": out.Account.Name, "plan": out.Account.Plan, "owner_email": in.OwnerEmail})
		if err != nil {
			return err
		}
		out.Key, err = insertKey(ctx, tx, out.Account.ID, FirstKeyName, now)
		return err
	})
	if err != nil {
		return Created{}, err
	}
	if s.inviter != nil {
		out.OwnerInviteSent = s.inviter.Deliver(ctx, letter)
	}
	return out, nil
}

// List returns a page of accounts, oldest first, and the next page's cursor.
func (s *Service) List(ctx context.Context, req page.Request) ([]Account, string, error) {
	rows, err := s.store.ListAccounts(ctx, req)
	if err != nil {
		return nil, "", err
	}
	items, next := page.Trim(rows, req, func(a Account) page.Cursor {
		return page.Cursor{Time: a.CreatedTime, ID: a.ID}
	})
	return items, next, nil
}

// SetPlan moves an account to plan. Gateways hold the account's plan in the
// principals they cache, so every key of the account is announced as
// updated and dropped from their caches.
func (s *Service) SetPlan(ctx context.Context, id, plan string) (Account, error) {
	if err := plans.Validate("plan", plan); err != nil {
		return Account{}, err
	}
	return s.update(ctx, id, audit.ActionSetPlan, func(a *Account) { a.Plan = plan })
}

// Disable stops the account's keys: Authenticate refuses them as soon as
// the transaction commits, and each key is announced as updated so
// gateways drop the principals they cache.
func (s *Service) Disable(ctx context.Context, id string) (Account, error) {
	return s.update(ctx, id, audit.ActionDisable, func(a *Account) { a.Enabled = false })
}

// Enable lets the account's keys authenticate again, and announces each
// key as updated so gateways drop what they cached of it.
func (s *Service) Enable(ctx context.Context, id string) (Account, error) {
	return s.update(ctx, id, audit.ActionEnable, func(a *Account) { a.Enabled = true })
}

// RecoverKey mints a new read-write key for the account; a disabled
// account is refused.
func (s *Service) RecoverKey(ctx context.Context, accountID string) (keys.Created, error) {
	if !ids.Valid(accountID) {
		return keys.Created{}, apperr.ErrNotFound
	}
	var created keys.Created
	err := s.store.InAccountTx(ctx, func(tx Tx) error {
		acc, err := tx.LockAccount(ctx, accountID)
		if err != nil {
			return err
		}
		if !acc.Enabled {
			// A key of a disabled account would never authenticate.
			return &apperr.Refused{Reason: "the account is disabled: its keys do not authenticate"}
		}
		created, err = insertKey(ctx, tx, accountID, RecoveredKeyName, s.timestamp())
		return err
	})
	return created, err
}

// update applies change to an account, records it as action in the
// account's audit log and announces all of its keys.
func (s *Service) update(ctx context.Context, id, action string, change func(*Account)) (Account, error) {
	if !ids.Valid(id) {
		return Account{}, apperr.ErrNotFound
	}
	var a Account
	err := s.store.InAccountTx(ctx, func(tx Tx) error {
		var err error
		if a, err = tx.LockAccount(ctx, id); err != nil {
			return err
		}
		before := auditFields(a)
		change(&a)
		a.UpdatedTime = s.timestamp()
		if err := tx.UpdateAccount(ctx, a, OperatorActor); err != nil {
			return err
		}
		if err := tx.AnnounceAccount(ctx, a, OperatorActor); err != nil {
			return err
		}
		err = tx.Audit(ctx, operator(a.ID), audit.EntityAccounts, a.ID, action, audit.Changes(before, auditFields(a)))
		if err != nil {
			return err
		}
		return announceKeys(ctx, tx, a)
	})
	return a, err
}

// announceKeys emits key.updated for every key of a, so gateways evict them.
func announceKeys(ctx context.Context, tx Tx, a Account) error {
	all, err := tx.AccountKeys(ctx, a.ID)
	if err != nil {
		return err
	}
	for _, k := range all {
		err := tx.Emit(ctx, keys.Event{Kind: keys.KeyUpdated, AccountID: a.ID, ActorID: OperatorActor, Time: a.UpdatedTime, Key: k})
		if err != nil {
			return err
		}
	}
	return nil
}

// insertKey makes a read-write key (no permissions, no address list) and
// announces it as any created key is announced.
func insertKey(ctx context.Context, tx Tx, accountID, name string, at time.Time) (keys.Created, error) {
	k := keys.Key{
		ID: ids.New(), AccountID: accountID, Name: name, Permissions: []string{}, IPs: []string{}, Role: roles.Owner,
		CreatedBy: OperatorActor, CreatedTime: at, UpdatedBy: OperatorActor, UpdatedTime: at,
	}
	value, hash := keys.NewValue()
	if err := tx.InsertKey(ctx, accountID, k, hash); err != nil {
		return keys.Created{}, err
	}
	err := tx.Emit(ctx, keys.Event{Kind: keys.KeyCreated, AccountID: accountID, ActorID: OperatorActor, Time: at, Key: k})
	if err != nil {
		return keys.Created{}, err
	}
	err = tx.Audit(ctx, operator(accountID), audit.EntityKeys, k.ID, audit.ActionCreate, keys.AuditFields(k))
	return keys.Created{Key: k, Value: value}, err
}

// operator is the principal the audit log records for the operator's
// changes to an account: the system, by OperatorActor, from no address.
func operator(accountID string) principal.Principal {
	return audit.System(accountID, OperatorActor)
}

// auditFields are what the audit log records of an account.
func auditFields(a Account) map[string]any {
	return map[string]any{"name": a.Name, "plan": a.Plan, "enabled": a.Enabled}
}

// timestamp is now at PostgreSQL's precision.
func (s *Service) timestamp() time.Time {
	return s.now().UTC().Truncate(time.Microsecond)
}
