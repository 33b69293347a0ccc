package sso

import (
	"context"
	"time"

	"github.com/vidhost/vidhost/pkg/audit"
	"github.com/vidhost/vidhost/pkg/page"
)

// Store keeps identity providers. Every method that reads an account's
// rows takes the account first and answers apperr.ErrNotFound for rows of
// other accounts.
type Store interface {
	ListProviders(ctx context.Context, accountID string, req page.Request) ([]Provider, error)
	GetProvider(ctx context.Context, accountID, id string) (Provider, error)
	// ProviderByDomain is account discovery: the provider, of any account,
	// that verified domain; apperr.ErrNotFound when none.
	ProviderByDomain(ctx context.Context, domain string) (Provider, error)
	// ProviderDomains are the claims of the account's providers in
	// providerIDs, by provider id.
	ProviderDomains(ctx context.Context, accountID string, providerIDs []string) (map[string][]Domain, error)
	// InSSOTx runs fn in one transaction, committed if it returns nil.
	InSSOTx(ctx context.Context, fn func(Tx) error) error
}

// Tx is one transaction over providers and the users they sign in.
type Tx interface {
	InsertProvider(ctx context.Context, p Provider) error
	LockProvider(ctx context.Context, accountID, id string) (Provider, error)
	UpdateProvider(ctx context.Context, p Provider) error
	DeleteProvider(ctx context.Context, accountID, id string) error
	// ClaimDomains makes the provider's claims exactly domains, keeping the
	// token and verification of those it already had.
	ClaimDomains(ctx context.Context, accountID, providerID string, domains []string) error
	// VerifyDomain marks a pending claim verified: *apperr.Conflict when
	// another provider verified the domain, apperr.ErrNotFound when the
	// claim is not pending.
	VerifyDomain(ctx context.Context, accountID, providerID, domain string, at time.Time) error
	// LockAccount reads the account and locks it, which serialises the
	// user-limit check.
	LockAccount(ctx context.Context, accountID string) (Account, error)
	// CountSeats is the account's users plus its seat-taking invites.
	CountSeats(ctx context.Context, accountID string, now time.Time) (int, error)
	// UserByEmail finds the user of email in any account;
	// apperr.ErrNotFound when there is none.
	UserByEmail(ctx context.Context, email string) (User, error)
	// InsertUser adds a user whose authentication is sso, email verified.
	InsertUser(ctx context.Context, u User, at time.Time) error
	// EmitUserCreated records user.created in the transaction's outbox.
	EmitUserCreated(ctx context.Context, accountID, userID string, at time.Time) error
	audit.Recorder
}

// Account is what sign-in needs of an account.
type Account struct {
	Plan    string
	Enabled bool
}

// User is the person a sign-in resolves to.
type User struct {
	ID, AccountID, Email, Name, Role, Authentication string
	Enabled                                          bool
	// CreatedBy is the provider that made the user (its id).
	CreatedBy string
}
