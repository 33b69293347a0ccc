package accounts

import (
	"context"
	"net/mail"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/pkg/plans"
	"github.com/vidhost/vidhost/services/identity/internal/invites"
	"github.com/vidhost/vidhost/services/identity/internal/keys"
)

// OperatorActor is recorded as created_by/updated_by of what the operator makes.
const OperatorActor = "operator"

// Account is a tenant as the operator sees it.
type Account struct {
	ID, Name, Plan           string
	Enabled                  bool
	CreatedTime, UpdatedTime time.Time
}

// Input is the body of CreateAccount.
type Input struct {
	Name, OwnerEmail, Plan string
}

// Created is an account just made, with its owner and its first key's secret.
type Created struct {
	Account Account
	OwnerID string
	Key     keys.Created
	// OwnerInviteSent tells whether the owner's invite reached the mail server.
	OwnerInviteSent bool
}

// Store is identity's database as this domain needs it.
type Store interface {
	// ListAccounts returns up to req.FetchLimit() accounts after req.Cursor.
	ListAccounts(ctx context.Context, req page.Request) ([]Account, error)
	// InAccountTx runs fn in one transaction, committed if it returns nil.
	InAccountTx(ctx context.Context, fn func(Tx) error) error
}

// Tx is one transaction: key writes and their events (keys.Tx) and accounts.
type Tx interface {
	keys.Tx
	InsertAccount(ctx context.Context, a Account, actor string) error
	// InsertOwner adds the account's owner, who has no password yet.
	InsertOwner(ctx context.Context, accountID, userID, email, actor string, at time.Time) error
	// InsertInvite stores the owner's invite with its token's hash.
	InsertInvite(ctx context.Context, accountID string, inv invites.Invite, tokenHash []byte) error
	// LockAccount reads an account and locks it until the transaction ends;
	// apperr.ErrNotFound when there is none.
	LockAccount(ctx context.Context, id string) (Account, error)
	UpdateAccount(ctx context.Context, a Account, actor string) error
	// AnnounceAccount publishes a's plan and state (account.updated) when
	// the transaction commits: the catalog's live admission follows them.
	AnnounceAccount(ctx context.Context, a Account, actor string) error
	AccountKeys(ctx context.Context, accountID string) ([]keys.Key, error)
}

// Validate checks in and returns it normalised (email lower-cased, plan
// defaulted to free).
func (in Input) Validate() (Input, error) {
	if n := utf8.RuneCountInString(in.Name); n < 1 || n > 100 || strings.TrimSpace(in.Name) == "" {
		return in, apperr.InvalidField("name", "must be 1-100 characters")
	}
	addr, err := mail.ParseAddress(in.OwnerEmail)
	if err != nil || addr.Address != in.OwnerEmail {
		return in, apperr.InvalidField("owner_email", "must be an email address")
	}
	in.OwnerEmail = strings.ToLower(in.OwnerEmail)
	if in.Plan == "" {
		in.Plan = plans.Free
	}
	return in, plans.Validate("plan", in.Plan)
}
