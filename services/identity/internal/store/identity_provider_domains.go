package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/pgtype"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/pg"
	"github.com/vidhost/vidhost/services/identity/internal/sso"
	"github.com/vidhost/vidhost/services/identity/internal/store/db"
)

// ProviderDomains returns the claims of the account's providers in
// providerIDs, by provider, each list in domain order.
func (v SSOStore) ProviderDomains(ctx context.Context, accountID string, providerIDs []string) (map[string][]sso.Domain, error) {
	rows, err := v.s.q.ListIdentityProviderDomains(ctx, db.ListIdentityProviderDomainsParams{AccountID: accountID, ProviderIds: providerIDs})
	if err != nil {
		return nil, fmt.Errorf("list identity provider domains: %w", err)
	}
	out := make(map[string][]sso.Domain, len(providerIDs))
	for _, r := range rows {
		out[r.ProviderID] = append(out[r.ProviderID], sso.Domain{Name: r.Domain, Token: r.VerificationToken, VerifiedTime: timeOrZero(r.VerifiedTime)})
	}
	return out, nil
}

// ClaimDomains makes the provider's claims exactly domains: claims it no
// longer lists go, new ones start pending with a fresh token, and those it
// keeps keep their token and verification.
func (t ssoTx) ClaimDomains(ctx context.Context, accountID, providerID string, domains []string) error {
	err := t.q.ReleaseIdentityProviderDomains(ctx, db.ReleaseIdentityProviderDomainsParams{AccountID: accountID, ProviderID: providerID, Keep: domains})
	if err != nil {
		return fmt.Errorf("release identity provider domains: %w", err)
	}
	for _, d := range domains {
		err := t.q.InsertIdentityProviderDomain(ctx, db.InsertIdentityProviderDomainParams{Domain: d, ProviderID: providerID, AccountID: accountID})
		if err != nil {
			return fmt.Errorf("claim identity provider domain: %w", err)
		}
	}
	return nil
}

// VerifyDomain marks the provider's pending claim on domain verified; a
// domain another provider verified first is an *apperr.Conflict, and a
// claim that is not pending is apperr.ErrNotFound.
func (t ssoTx) VerifyDomain(ctx context.Context, accountID, providerID, domain string, at time.Time) error {
	n, err := t.q.VerifyIdentityProviderDomain(ctx, db.VerifyIdentityProviderDomainParams{
		AccountID: accountID, ProviderID: providerID, Domain: domain, VerifiedTime: pgtype.Timestamptz{Time: at, Valid: true}})
	if pg.IsUniqueViolation(err) {
		return &apperr.Conflict{Reason: fmt.Sprintf("domain %s is already verified by another identity provider", domain)}
	}
	if err != nil {
		return fmt.Errorf("verify identity provider domain: %w", err)
	}
	if n == 0 {
		return apperr.ErrNotFound
	}
	return nil
}

func timeOrZero(t pgtype.Timestamptz) time.Time {
	if !t.Valid {
		return time.Time{}
	}
	return t.Time.UTC()
}
