package sso

import (
	"context"
	"errors"
	"fmt"
	"net"
	"slices"
	"strings"
	"time"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/audit"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/principal"
)

// TXTResolver looks up DNS TXT records (a *net.Resolver).
type TXTResolver interface {
	LookupTXT(ctx context.Context, name string) ([]string, error)
}

// lookupTimeout bounds one verification's DNS lookup.
const lookupTimeout = 5 * time.Second

// NewResolver is the resolver domain verification asks: the system's, or
// the DNS server at addr (host:port, VIDHOST_DNS_RESOLVER) when set, which
// is how tests point identity at a DNS server of their own.
func NewResolver(addr string) *net.Resolver {
	if addr == "" {
		return net.DefaultResolver
	}
	return &net.Resolver{PreferGo: true, Dial: func(ctx context.Context, network, _ string) (net.Conn, error) {
		var d net.Dialer
		return d.DialContext(ctx, network, addr)
	}}
}

// VerifyDomain checks the TXT record of one of the provider's domains now
// and, when it holds the claim's token, marks the domain verified. A
// domain already verified answers the provider unchanged.
func (s *Service) VerifyDomain(ctx context.Context, p principal.Principal, id, domain string) (Provider, error) {
	v, claim, err := s.claim(ctx, p.AccountID, id, domain)
	if err != nil || claim.Verified() {
		return v, err
	}
	if err := s.lookup(ctx, claim); err != nil {
		return Provider{}, err
	}
	if err := s.markVerified(ctx, p, v, claim.Name, "dns"); err != nil {
		return Provider{}, err
	}
	return s.Get(ctx, p, id)
}

// VerifyDomainByOperator marks a domain verified without its TXT record:
// the operator vouches that the account controls it (`vidhost admin
// domains verify`).
func (s *Service) VerifyDomainByOperator(ctx context.Context, accountID, id, domain string) (Domain, error) {
	v, claim, err := s.claim(ctx, accountID, id, domain)
	if err != nil || claim.Verified() {
		return claim, err
	}
	if err := s.markVerified(ctx, audit.System(accountID, "operator"), v, claim.Name, "operator"); err != nil {
		return Domain{}, err
	}
	_, claim, err = s.claim(ctx, accountID, id, domain)
	return claim, err
}

// claim is the account's provider id and its claim on domain.
func (s *Service) claim(ctx context.Context, accountID, id, domain string) (Provider, Domain, error) {
	if !ids.Valid(id) {
		return Provider{}, Domain{}, apperr.ErrNotFound
	}
	v, err := s.store.GetProvider(ctx, accountID, id)
	if err != nil {
		return Provider{}, Domain{}, err
	}
	if v, err = s.withDomains(ctx, v); err != nil {
		return Provider{}, Domain{}, err
	}
	name := strings.ToLower(strings.TrimSpace(domain))
	i := slices.IndexFunc(v.Domains, func(d Domain) bool { return d.Name == name })
	if i < 0 {
		return Provider{}, Domain{}, apperr.InvalidField("domain", "must be one of the identity provider's allowed_domains")
	}
	return v, v.Domains[i], nil
}

// lookup asks DNS for the claim's record; a missing record or one without
// the token is the caller's to fix, so it names the record to create.
func (s *Service) lookup(ctx context.Context, claim Domain) error {
	ctx, cancel := context.WithTimeout(ctx, lookupTimeout)
	defer cancel()
	records, err := s.resolver.LookupTXT(ctx, claim.RecordName())
	var dnsErr *net.DNSError
	if err != nil && (!errors.As(err, &dnsErr) || !dnsErr.IsNotFound) {
		// The detail (the resolver's address) stays in the log.
		s.logger.WarnContext(ctx, "sso: domain verification lookup failed", "domain", claim.Name, "error", err)
	}
	if slices.Contains(records, claim.RecordValue()) {
		return nil
	}
	return apperr.InvalidField("domain", "must have a DNS TXT record %s holding %s: create it, then verify again (DNS changes can take a while to be seen)",
		claim.RecordName(), claim.RecordValue())
}

// markVerified records the verification and audits it against the provider.
func (s *Service) markVerified(ctx context.Context, p principal.Principal, v Provider, domain, by string) error {
	return s.store.InSSOTx(ctx, func(tx Tx) error {
		if err := tx.VerifyDomain(ctx, v.AccountID, v.ID, domain, s.timestamp()); err != nil {
			if errors.Is(err, apperr.ErrNotFound) {
				return nil // verified meanwhile
			}
			return err
		}
		return tx.Audit(ctx, p, audit.EntityIdentityProviders, v.ID, audit.ActionUpdate,
			map[string]any{"verified_domain": domain, "verified_by": by})
	})
}

// withDomains fills v.Domains from the store.
func (s *Service) withDomains(ctx context.Context, v Provider) (Provider, error) {
	domains, err := s.store.ProviderDomains(ctx, v.AccountID, []string{v.ID})
	if err != nil {
		return Provider{}, fmt.Errorf("sso: domains of provider: %w", err)
	}
	v.Domains = domains[v.ID]
	return v, nil
}
