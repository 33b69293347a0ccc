package sso

import (
	"net"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/vidhost/vidhost/pkg/apirules"
	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/pkg/roles"
	"github.com/vidhost/vidhost/pkg/validate"
)

// Limits of a provider's fields (docs/identity-providers.md).
const (
	maxIssuerURL    = apirules.ProviderIssuerURLMax
	maxClientID     = apirules.ProviderClientIDMax
	maxClientSecret = apirules.ProviderClientSecretMax
	maxDomains      = apirules.ProviderDomainsMax
)

// DefaultRoles are the roles a provider may give new users: never owner,
// which only another owner grants.
var DefaultRoles = apirules.ProviderDefaultRoles

// Provider is an account's OpenID Connect identity provider. Its client
// secret is only ever held sealed (SealedSecret).
type Provider struct {
	ID             string
	AccountID      string
	Name           string
	IssuerURL      string
	ClientID       string
	SealedSecret   []byte
	AllowedDomains []string
	DefaultRole    string
	Enabled        bool
	// OwnerTrusted is true while an owner set up the sign-in settings
	// (issuer, client, domains) last: owners sign in only through such a
	// provider, so an admin who repoints it at an issuer of their own
	// cannot sign in as an owner (docs/identity-providers.md).
	OwnerTrusted bool
	CreatedBy    string
	CreatedTime  time.Time
	UpdatedBy    string
	UpdatedTime  time.Time
	// Domains are AllowedDomains with their verification, filled by the
	// service for answers.
	Domains []Domain
}

// Allows reports whether email's domain is one of the provider's.
func (p Provider) Allows(email string) bool {
	return slices.Contains(p.AllowedDomains, DomainOf(email))
}

// Input is a create or a patch: a nil field is not sent. A create needs
// every field but Enabled (default true).
type Input struct {
	Name, IssuerURL, ClientID, ClientSecret, DefaultRole *string
	AllowedDomains                                       *[]string
	Enabled                                              *bool
}

// IssuerPolicy says which issuer URLs the server may fetch.
type IssuerPolicy struct {
	// AllowLoopbackHTTP admits http:// issuers on this machine (localhost,
	// 127.0.0.0/8, ::1): the devstack and the tests run their OP there.
	AllowLoopbackHTTP bool
}

// apply validates in and writes what it sends into p; create says every
// required field must be there.
func (in Input) apply(p *Provider, create bool, policy IssuerPolicy) error {
	if create {
		for name, set := range map[string]bool{"name": in.Name != nil, "issuer_url": in.IssuerURL != nil,
			"client_id": in.ClientID != nil, "client_secret": in.ClientSecret != nil,
			"allowed_domains": in.AllowedDomains != nil, "default_role": in.DefaultRole != nil} {
			if !set {
				return apperr.InvalidField(name, "is required")
			}
		}
	}
	if in.Name != nil {
		name, err := validate.TrimmedLength("name", *in.Name, apirules.PersonNameMax)
		if err != nil {
			return err
		}
		p.Name = name
	}
	if in.IssuerURL != nil {
		issuer, err := validIssuer(*in.IssuerURL, policy)
		if err != nil {
			return err
		}
		p.IssuerURL = issuer
	}
	if in.ClientID != nil {
		if n := len(*in.ClientID); n < 1 || n > maxClientID {
			return apperr.InvalidField("client_id", "must be 1-%d characters", maxClientID)
		}
		p.ClientID = *in.ClientID
	}
	if in.ClientSecret != nil {
		if n := len(*in.ClientSecret); n < 1 || n > maxClientSecret {
			return apperr.InvalidField("client_secret", "must be 1-%d characters", maxClientSecret)
		}
	}
	if in.AllowedDomains != nil {
		domains, err := validDomains(*in.AllowedDomains)
		if err != nil {
			return err
		}
		p.AllowedDomains = domains
	}
	if in.DefaultRole != nil {
		if !slices.Contains(DefaultRoles, *in.DefaultRole) {
			return apperr.InvalidField("default_role", "must be one of %s", strings.Join(DefaultRoles, ", "))
		}
		p.DefaultRole = *in.DefaultRole
	}
	if in.Enabled != nil {
		p.Enabled = *in.Enabled
	}
	return nil
}

// empty reports whether a patch names no field.
func (in Input) empty() bool {
	return in.Name == nil && in.IssuerURL == nil && in.ClientID == nil && in.ClientSecret == nil &&
		in.DefaultRole == nil && in.AllowedDomains == nil && in.Enabled == nil
}

// validIssuer checks an issuer URL: https, no query, fragment or user
// information; http only on loopback when the policy allows it. The
// trailing slash is kept: the issuer must equal the provider's own string.
func validIssuer(raw string, policy IssuerPolicy) (string, error) {
	const rule = "must be an https URL without a query or fragment"
	u, err := url.Parse(raw)
	if err != nil || len(raw) > maxIssuerURL || u.Host == "" || u.User != nil || u.RawQuery != "" || u.Fragment != "" {
		return "", apperr.InvalidField("issuer_url", rule)
	}
	switch {
	case u.Scheme == "https":
	case u.Scheme == "http" && policy.AllowLoopbackHTTP && loopbackHost(u.Hostname()):
	default:
		return "", apperr.InvalidField("issuer_url", rule)
	}
	return raw, nil
}

func loopbackHost(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// domainPattern is a lower-case DNS name of two labels or more.
var domainPattern = regexp.MustCompile(`^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$`)

// validDomains lower-cases, checks and de-duplicates allowed_domains.
func validDomains(in []string) ([]string, error) {
	if len(in) < 1 || len(in) > maxDomains {
		return nil, apperr.InvalidField("allowed_domains", "must hold 1-%d domains", maxDomains)
	}
	out := make([]string, 0, len(in))
	for _, d := range in {
		d = strings.ToLower(strings.TrimSpace(d))
		if len(d) > 253 || !domainPattern.MatchString(d) {
			return nil, apperr.InvalidField("allowed_domains", "must contain only domain names such as example.com")
		}
		if PublicMailDomain(d) {
			return nil, apperr.InvalidField("allowed_domains", "must not contain public mail domains such as %s: only a domain the organisation controls can be verified", d)
		}
		if !slices.Contains(out, d) {
			out = append(out, d)
		}
	}
	return out, nil
}

// DomainOf is the lower-cased part of email after its last @.
func DomainOf(email string) string {
	at := strings.LastIndexByte(email, '@')
	if at < 0 {
		return ""
	}
	return strings.ToLower(email[at+1:])
}

// AuditFields are what the audit log records of a provider: never its
// secret, only that one is set.
func AuditFields(p Provider) map[string]any {
	return map[string]any{"name": p.Name, "issuer_url": p.IssuerURL, "client_id": p.ClientID,
		"client_secret": "[redacted]", "allowed_domains": p.AllowedDomains, "default_role": p.DefaultRole,
		"enabled": p.Enabled}
}

// changesSignIn reports whether in touches what decides who a provider
// signs in: its issuer, its client or its domains.
func (in Input) changesSignIn() bool {
	return in.IssuerURL != nil || in.ClientID != nil || in.ClientSecret != nil || in.AllowedDomains != nil
}

// trustAfter is OwnerTrusted after p changes a provider with in: an owner's
// change trusts it; anyone else's change of the sign-in settings does not.
func trustAfter(trusted bool, p principal.Principal, in Input) bool {
	if p.ActingRole() == roles.Owner {
		return true
	}
	return trusted && !in.changesSignIn()
}
