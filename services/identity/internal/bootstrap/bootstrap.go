package bootstrap

import (
	"context"
	"fmt"
	"net/mail"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/vidhost/vidhost/pkg/audit"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/roles"
	"github.com/vidhost/vidhost/pkg/secrets"
	"github.com/vidhost/vidhost/services/identity/internal/keys"
	"github.com/vidhost/vidhost/services/identity/internal/password"
)

// Names of what the bootstrap creates.
const (
	AccountName = "Default"
	KeyName     = "bootstrap"
)

// Password lengths: a generated one, and the least a configured one may have.
const (
	generatedPasswordLen = 20
	minPasswordLen       = 8
)

// Owner is the configured owner; an empty Password is generated.
type Owner struct {
	Email    string
	Password string
}

// Result says what the installation's owner is. Password and APIKey are set
// only when this call Created them: they are never stored in clear.
type Result struct {
	AccountID, UserID, Email string
	Password, APIKey         string
	Created                  bool
}

// Existing names an installation's owner.
type Existing struct{ AccountID, UserID, Email string }

// Plan is everything a first start inserts.
type Plan struct {
	AccountID, UserID   string
	Email, PasswordHash string
	Key                 keys.Key
	KeyHash             []byte
	Time                time.Time
}

// Store records the bootstrap.
type Store interface {
	// Bootstrapped returns the owner recorded by an earlier bootstrap.
	Bootstrapped(ctx context.Context) (Existing, bool, error)
	// Bootstrap inserts plan's account and owner, then runs firstKey in the
	// same transaction, unless another process has bootstrapped first;
	// created is false then, and existing names that process's owner.
	Bootstrap(ctx context.Context, plan Plan, firstKey func(keys.Tx) error) (existing Existing, created bool, err error)
}

// Run bootstraps the installation if nobody has yet.
func Run(ctx context.Context, store Store, owner Owner) (Result, error) {
	if existing, ok, err := store.Bootstrapped(ctx); err != nil || ok {
		return existingResult(existing), err
	}
	plan, result, err := newPlan(ctx, owner)
	if err != nil {
		return Result{}, err
	}
	existing, created, err := store.Bootstrap(ctx, plan, func(tx keys.Tx) error {
		return plan.InsertFirstKey(ctx, tx)
	})
	if err != nil || !created {
		return existingResult(existing), err
	}
	return result, nil
}

// InsertFirstKey stores the owner's first key in tx and announces it as
// any created key is announced, so gateways learn of it the same way.
func (plan Plan) InsertFirstKey(ctx context.Context, tx keys.Tx) error {
	if err := tx.InsertKey(ctx, plan.AccountID, plan.Key, plan.KeyHash); err != nil {
		return err
	}
	err := tx.Emit(ctx, keys.Event{
		Kind: keys.KeyCreated, AccountID: plan.AccountID, ActorID: plan.UserID, Time: plan.Time, Key: plan.Key,
	})
	if err != nil {
		return err
	}
	return tx.Audit(ctx, audit.System(plan.AccountID, "bootstrap"), audit.EntityKeys, plan.Key.ID, audit.ActionCreate,
		keys.AuditFields(plan.Key))
}

func existingResult(e Existing) Result {
	return Result{AccountID: e.AccountID, UserID: e.UserID, Email: e.Email}
}

// newPlan makes the ids and secrets of a first start.
func newPlan(ctx context.Context, owner Owner) (Plan, Result, error) {
	email, err := ownerEmail(owner.Email)
	if err != nil {
		return Plan{}, Result{}, err
	}
	pw := owner.Password
	if pw == "" {
		pw = secrets.Base62(generatedPasswordLen)
	} else if utf8.RuneCountInString(pw) < minPasswordLen {
		return Plan{}, Result{}, fmt.Errorf("owner password must be at least %d characters", minPasswordLen)
	}
	pwHash, err := password.Hash(ctx, pw)
	if err != nil {
		return Plan{}, Result{}, err
	}
	now := time.Now().UTC().Truncate(time.Microsecond)
	plan := Plan{AccountID: ids.New(), UserID: ids.New(), Email: email, PasswordHash: pwHash, Time: now}
	value, hash := keys.NewValue()
	plan.Key = keys.Key{
		ID: ids.New(), AccountID: plan.AccountID, Name: KeyName, Permissions: []string{}, IPs: []string{}, Role: roles.Owner,
		CreatedBy: plan.UserID, CreatedTime: now, UpdatedBy: plan.UserID, UpdatedTime: now,
	}
	plan.KeyHash = hash
	result := Result{
		AccountID: plan.AccountID, UserID: plan.UserID, Email: email,
		Password: pw, APIKey: value, Created: true,
	}
	return plan, result, nil
}

// ownerEmail accepts a bare address and lower-cases it, as users are stored.
func ownerEmail(email string) (string, error) {
	addr, err := mail.ParseAddress(email)
	if err != nil || addr.Address != email {
		return "", fmt.Errorf("owner email %q is not a bare email address", email)
	}
	return strings.ToLower(email), nil
}
