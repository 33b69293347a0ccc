package sso

import (
	"context"
	"log/slog"
	"time"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/audit"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/pkg/secrets"
)

var errEmptyPatch = apperr.InvalidField("body", "must name at least one field")

// Service manages identity providers and signs people in through them.
type Service struct {
	store   Store
	secrets secrets.Box // seals client secrets at rest
	flows   secrets.Box // seals the flow cookie
	policy  IssuerPolicy
	// resolver looks up the TXT records that verify domains.
	resolver TXTResolver
	relying  *RelyingParty
	starter  SessionStarter
	// callbackURL is <VIDHOST_PUBLIC_URL>/sso/callback, the redirect URI
	// each provider must register.
	callbackURL string
	logger      *slog.Logger
	now         func() time.Time
}

// Options configure a Service.
type Options struct {
	Root      secrets.Root
	Policy    IssuerPolicy
	PublicURL string
	// Starter starts a session once a person is signed in; nil answers the
	// user alone (sessions are another piece of work: docs/identity-providers.md).
	Starter SessionStarter
	// Resolver verifies domains; nil is the system's resolver.
	Resolver TXTResolver
	Logger   *slog.Logger
}

// CallbackPath is the gateway's path the provider redirects back to.
const CallbackPath = "/sso/callback"

// NewService returns a Service over store.
func NewService(store Store, opts Options) *Service {
	if opts.Resolver == nil {
		opts.Resolver = NewResolver("")
	}
	return &Service{resolver: opts.Resolver,
		store: store, secrets: secrets.BoxFor(opts.Root, secrets.IdentityProviderSecret),
		flows: secrets.BoxFor(opts.Root, secrets.SSOFlow), policy: opts.Policy,
		relying: NewRelyingParty(GuardedClient(opts.Policy)), starter: opts.Starter,
		callbackURL: opts.PublicURL + CallbackPath, logger: opts.Logger, now: time.Now,
	}
}

// List returns a page of the account's providers, oldest first.
func (s *Service) List(ctx context.Context, p principal.Principal, req page.Request) ([]Provider, string, error) {
	rows, err := s.store.ListProviders(ctx, p.AccountID, req)
	if err != nil {
		return nil, "", err
	}
	items, next := page.Trim(rows, req, func(v Provider) page.Cursor { return page.Cursor{Time: v.CreatedTime, ID: v.ID} })
	providerIDs := make([]string, len(items))
	for i, v := range items {
		providerIDs[i] = v.ID
	}
	domains, err := s.store.ProviderDomains(ctx, p.AccountID, providerIDs)
	if err != nil {
		return nil, "", err
	}
	for i := range items {
		items[i].Domains = domains[items[i].ID]
	}
	return items, next, nil
}

// Get returns one provider of the account.
func (s *Service) Get(ctx context.Context, p principal.Principal, id string) (Provider, error) {
	if !ids.Valid(id) {
		return Provider{}, apperr.ErrNotFound
	}
	v, err := s.store.GetProvider(ctx, p.AccountID, id)
	if err != nil {
		return Provider{}, err
	}
	return s.withDomains(ctx, v)
}

// Create adds a provider and claims its domains, each pending until
// verified.
func (s *Service) Create(ctx context.Context, p principal.Principal, in Input) (Provider, error) {
	now := s.timestamp()
	v := Provider{ID: ids.New(), AccountID: p.AccountID, Enabled: true, OwnerTrusted: trustAfter(false, p, in),
		CreatedBy: p.ActorID, CreatedTime: now, UpdatedBy: p.ActorID, UpdatedTime: now}
	if err := in.apply(&v, true, s.policy); err != nil {
		return Provider{}, err
	}
	v.SealedSecret = s.seal(v, *in.ClientSecret)
	err := s.store.InSSOTx(ctx, func(tx Tx) error {
		if err := tx.InsertProvider(ctx, v); err != nil {
			return err
		}
		if err := tx.ClaimDomains(ctx, v.AccountID, v.ID, v.AllowedDomains); err != nil {
			return err
		}
		return tx.Audit(ctx, p, audit.EntityIdentityProviders, v.ID, audit.ActionCreate, AuditFields(v))
	})
	if err != nil {
		return Provider{}, err
	}
	return s.withDomains(ctx, v)
}

// Update changes the fields in names; a new secret replaces the old one.
func (s *Service) Update(ctx context.Context, p principal.Principal, id string, in Input) (Provider, error) {
	if !ids.Valid(id) {
		return Provider{}, apperr.ErrNotFound
	}
	if in.empty() {
		return Provider{}, errEmptyPatch
	}
	var out Provider
	err := s.store.InSSOTx(ctx, func(tx Tx) error {
		before, err := tx.LockProvider(ctx, p.AccountID, id)
		if err != nil {
			return err
		}
		after := before
		if err := in.apply(&after, false, s.policy); err != nil {
			return err
		}
		if in.ClientSecret != nil {
			after.SealedSecret = s.seal(after, *in.ClientSecret)
		}
		after.OwnerTrusted = trustAfter(before.OwnerTrusted, p, in)
		after.UpdatedBy, after.UpdatedTime = p.ActorID, s.timestamp()
		if err := tx.UpdateProvider(ctx, after); err != nil {
			return err
		}
		if in.AllowedDomains != nil {
			if err := tx.ClaimDomains(ctx, after.AccountID, after.ID, after.AllowedDomains); err != nil {
				return err
			}
		}
		out = after
		return tx.Audit(ctx, p, audit.EntityIdentityProviders, id, audit.ActionUpdate, changes(before, after, in.ClientSecret != nil))
	})
	if err != nil {
		return Provider{}, err
	}
	return s.withDomains(ctx, out)
}

// Delete removes a provider; its users stay, and can no longer sign in
// until another provider claims their domain.
func (s *Service) Delete(ctx context.Context, p principal.Principal, id string) error {
	if !ids.Valid(id) {
		return apperr.ErrNotFound
	}
	return s.store.InSSOTx(ctx, func(tx Tx) error {
		if err := tx.DeleteProvider(ctx, p.AccountID, id); err != nil {
			return err
		}
		return tx.Audit(ctx, p, audit.EntityIdentityProviders, id, audit.ActionDelete, nil)
	})
}

// changes is what an update records: the changed fields, and that the
// secret changed (never the secret).
func changes(before, after Provider, secretChanged bool) map[string]any {
	out := audit.Changes(AuditFields(before), AuditFields(after))
	if secretChanged {
		out["client_secret"] = "[redacted]"
	}
	return out
}

// seal encrypts a client secret bound to its account and provider, so a
// sealed value copied to another row does not open.
func (s *Service) seal(p Provider, secret string) []byte {
	return s.secrets.Seal([]byte(secret), secretContext(p))
}

// clientSecret opens p's sealed secret.
func (s *Service) clientSecret(p Provider) (string, error) {
	raw, err := s.secrets.Open(p.SealedSecret, secretContext(p))
	return string(raw), err
}

func secretContext(p Provider) string { return p.AccountID + "/" + p.ID }

// timestamp is now at PostgreSQL's precision.
func (s *Service) timestamp() time.Time { return s.now().UTC().Truncate(time.Microsecond) }
