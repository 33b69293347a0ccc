package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/audit"
	"github.com/vidhost/vidhost/pkg/eventmsg"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/outbox"
	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/pkg/pg"
	"github.com/vidhost/vidhost/pkg/principal"
	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"
	"github.com/vidhost/vidhost/services/identity/internal/sso"
	"github.com/vidhost/vidhost/services/identity/internal/store/db"
)

var (
	_ sso.Store = SSOStore{}
	_ sso.Tx    = ssoTx{}
)

// SSOStore is the sso.Store of identity's database.
type SSOStore struct{ s *Store }

// SSO returns the single sign-on view of s.
func (s *Store) SSO() SSOStore { return SSOStore{s: s} }

// ListProviders returns up to req.FetchLimit() providers after req's cursor.
func (v SSOStore) ListProviders(ctx context.Context, accountID string, req page.Request) ([]sso.Provider, error) {
	rows, err := v.s.q.ListIdentityProviders(ctx, db.ListIdentityProvidersParams{
		AccountID: accountID, AfterTime: req.Cursor.Time, AfterID: req.Cursor.ID, MaxRows: req.FetchLimit(),
	})
	if err != nil {
		return nil, fmt.Errorf("list identity providers: %w", err)
	}
	out := make([]sso.Provider, len(rows))
	for i, r := range rows {
		out[i] = providerFromRow(r)
	}
	return out, nil
}

// GetProvider returns one provider of the account.
func (v SSOStore) GetProvider(ctx context.Context, accountID, id string) (sso.Provider, error) {
	row, err := v.s.q.GetIdentityProvider(ctx, db.GetIdentityProviderParams{AccountID: accountID, ID: id})
	if err != nil {
		return sso.Provider{}, notFound("get identity provider", err)
	}
	return providerFromRow(row), nil
}

// ProviderByDomain finds the provider that claimed domain, in any account.
func (v SSOStore) ProviderByDomain(ctx context.Context, domain string) (sso.Provider, error) {
	row, err := v.s.q.IdentityProviderByDomain(ctx, domain)
	if err != nil {
		return sso.Provider{}, notFound("identity provider by domain", err)
	}
	return providerFromRow(row), nil
}

// InSSOTx runs fn in a transaction, committing when it returns nil.
func (v SSOStore) InSSOTx(ctx context.Context, fn func(sso.Tx) error) error {
	return v.s.inTx(ctx, func(q *db.Queries, pgTx pgx.Tx) error {
		return fn(ssoTx{q: q, pgTx: pgTx})
	})
}

type ssoTx struct {
	q    *db.Queries
	pgTx pgx.Tx
}

// Audit records a change in the account's audit log, in this transaction.
func (t ssoTx) Audit(ctx context.Context, p principal.Principal, entityType, entityID, action string, changed any) error {
	return audit.Record(ctx, t.pgTx, p, entityType, entityID, action, changed)
}

// InsertProvider stores a new provider.
func (t ssoTx) InsertProvider(ctx context.Context, p sso.Provider) error {
	err := t.q.InsertIdentityProvider(ctx, db.InsertIdentityProviderParams{
		ID: p.ID, AccountID: p.AccountID, Name: p.Name, IssuerUrl: p.IssuerURL, ClientID: p.ClientID,
		ClientSecretSealed: p.SealedSecret, AllowedDomains: p.AllowedDomains, DefaultRole: p.DefaultRole,
		Enabled: p.Enabled, OwnerTrusted: p.OwnerTrusted,
		CreatedBy: p.CreatedBy, CreatedTime: p.CreatedTime, UpdatedBy: p.UpdatedBy, UpdatedTime: p.UpdatedTime,
	})
	if err != nil {
		return fmt.Errorf("insert identity provider: %w", err)
	}
	return nil
}

// LockProvider reads and locks one provider of the account.
func (t ssoTx) LockProvider(ctx context.Context, accountID, id string) (sso.Provider, error) {
	row, err := t.q.LockIdentityProvider(ctx, db.LockIdentityProviderParams{AccountID: accountID, ID: id})
	if err != nil {
		return sso.Provider{}, notFound("lock identity provider", err)
	}
	return providerFromRow(row), nil
}

// UpdateProvider writes p's fields.
func (t ssoTx) UpdateProvider(ctx context.Context, p sso.Provider) error {
	err := t.q.UpdateIdentityProvider(ctx, db.UpdateIdentityProviderParams{
		AccountID: p.AccountID, ID: p.ID, Name: p.Name, IssuerUrl: p.IssuerURL, ClientID: p.ClientID,
		ClientSecretSealed: p.SealedSecret, AllowedDomains: p.AllowedDomains, DefaultRole: p.DefaultRole,
		Enabled: p.Enabled, OwnerTrusted: p.OwnerTrusted, UpdatedBy: p.UpdatedBy, UpdatedTime: p.UpdatedTime,
	})
	if err != nil {
		return fmt.Errorf("update identity provider: %w", err)
	}
	return nil
}

// DeleteProvider removes one provider of the account (its domains go with it).
func (t ssoTx) DeleteProvider(ctx context.Context, accountID, id string) error {
	n, err := t.q.DeleteIdentityProvider(ctx, db.DeleteIdentityProviderParams{AccountID: accountID, ID: id})
	if err != nil {
		return fmt.Errorf("delete identity provider: %w", err)
	}
	if n == 0 {
		return apperr.ErrNotFound
	}
	return nil
}

// LockAccount reads and locks the account's row.
func (t ssoTx) LockAccount(ctx context.Context, accountID string) (sso.Account, error) {
	row, err := t.q.LockAccount(ctx, accountID)
	if err != nil {
		return sso.Account{}, notFound("lock account", err)
	}
	return sso.Account{Plan: row.Plan, Enabled: row.Enabled}, nil
}

// CountSeats counts users and seat-taking pending invites.
func (t ssoTx) CountSeats(ctx context.Context, accountID string, now time.Time) (int, error) {
	n, err := t.q.CountSeats(ctx, db.CountSeatsParams{AccountID: accountID, Now: now})
	if err != nil {
		return 0, fmt.Errorf("count seats: %w", err)
	}
	return int(n), nil
}

// UserByEmail finds the user of email in any account.
func (t ssoTx) UserByEmail(ctx context.Context, email string) (sso.User, error) {
	row, err := t.q.UserByEmail(ctx, email)
	if err != nil {
		return sso.User{}, notFound("user by email", err)
	}
	return sso.User{ID: row.ID, AccountID: row.AccountID, Email: row.Email, Name: row.Name, Role: row.Role,
		Authentication: row.Authentication, Enabled: row.Enabled}, nil
}

// InsertUser adds a single sign-on user, email verified.
func (t ssoTx) InsertUser(ctx context.Context, u sso.User, at time.Time) error {
	err := t.q.InsertSSOUser(ctx, db.InsertSSOUserParams{ID: u.ID, AccountID: u.AccountID, Email: u.Email,
		Name: u.Name, Role: u.Role, CreatedBy: u.CreatedBy, CreatedTime: at})
	if pg.IsUniqueViolation(err) {
		// The address became a user between the lookup and the insert.
		return &apperr.Conflict{Reason: "email is already a user's email"}
	}
	if err != nil {
		return fmt.Errorf("insert sso user: %w", err)
	}
	return nil
}

// EmitUserCreated enqueues user.created.
func (t ssoTx) EmitUserCreated(ctx context.Context, accountID, userID string, at time.Time) error {
	meta := eventmsg.Meta(accountID, userID, at)
	msg, err := eventmsg.Outbox(meta, natsx.SubjectUserCreated, &eventsv1.UserEvent{Meta: meta, UserId: userID})
	if err != nil {
		return err
	}
	return outbox.Enqueue(ctx, t.pgTx, msg)
}

func providerFromRow(r db.IdentityProvider) sso.Provider {
	return sso.Provider{
		ID: r.ID, AccountID: r.AccountID, Name: r.Name, IssuerURL: r.IssuerUrl, ClientID: r.ClientID,
		SealedSecret: r.ClientSecretSealed, AllowedDomains: r.AllowedDomains, DefaultRole: r.DefaultRole,
		Enabled: r.Enabled, OwnerTrusted: r.OwnerTrusted, CreatedBy: r.CreatedBy, CreatedTime: r.CreatedTime.UTC(),
		UpdatedBy: r.UpdatedBy, UpdatedTime: r.UpdatedTime.UTC(),
	}
}
