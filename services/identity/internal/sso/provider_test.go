package sso

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func ptr[T any](v T) *T { return &v }

func validInput() Input {
	return Input{Name: ptr("Okta"), IssuerURL: ptr("https://login.example.com/"), ClientID: ptr("vidhost"),
		ClientSecret: ptr("secret"), AllowedDomains: ptr([]string{"Example.com", "example.com", "corp.example.org"}),
		DefaultRole: ptr("uploader")}
}

func TestInputApplyCreate(t *testing.T) {
	var p Provider
	require.NoError(t, validInput().apply(&p, true, IssuerPolicy{}))
	assert.Equal(t, []string{"example.com", "corp.example.org"}, p.AllowedDomains, "lower-cased, repeats dropped")
	assert.Equal(t, "https://login.example.com/", p.IssuerURL)
	assert.Equal(t, "uploader", p.DefaultRole)
}

func TestInputApplyRefusesBadFields(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(*Input)
		policy IssuerPolicy
		want   string
	}{
		{"missing secret", func(in *Input) { in.ClientSecret = nil }, IssuerPolicy{}, "client_secret is required"},
		{"long name", func(in *Input) { in.Name = ptr(string(make([]rune, 101))) }, IssuerPolicy{}, "name must be 1-100 characters"},
		{"http issuer", func(in *Input) { in.IssuerURL = ptr("http://login.example.com") }, IssuerPolicy{}, "issuer_url must be an https URL without a query or fragment"},
		{"http loopback issuer, not allowed", func(in *Input) { in.IssuerURL = ptr("http://127.0.0.1:9998/") }, IssuerPolicy{}, "issuer_url must be"},
		{"http public issuer, loopback allowed", func(in *Input) { in.IssuerURL = ptr("http://login.example.com/") }, IssuerPolicy{AllowLoopbackHTTP: true}, "issuer_url must be"},
		{"issuer with a query", func(in *Input) { in.IssuerURL = ptr("https://login.example.com/?a=b") }, IssuerPolicy{}, "issuer_url must be"},
		{"issuer with user info", func(in *Input) { in.IssuerURL = ptr("https://u:p@login.example.com/") }, IssuerPolicy{}, "issuer_url must be"},
		{"owner by default", func(in *Input) { in.DefaultRole = ptr("owner") }, IssuerPolicy{}, "default_role must be one of viewer, uploader, admin"},
		{"no domains", func(in *Input) { in.AllowedDomains = ptr([]string{}) }, IssuerPolicy{}, "allowed_domains must hold 1-20 domains"},
		{"a bare label", func(in *Input) { in.AllowedDomains = ptr([]string{"localhost"}) }, IssuerPolicy{}, "allowed_domains must contain only domain names"},
		{"an email", func(in *Input) { in.AllowedDomains = ptr([]string{"a@example.com"}) }, IssuerPolicy{}, "allowed_domains must contain only domain names"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := validInput()
			tc.change(&in)
			err := in.apply(&Provider{}, true, tc.policy)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

func TestLoopbackIssuerWhenAllowed(t *testing.T) {
	in := validInput()
	in.IssuerURL = ptr("http://localhost:9998/")
	require.NoError(t, in.apply(&Provider{}, true, IssuerPolicy{AllowLoopbackHTTP: true}))
}

func TestProviderAllows(t *testing.T) {
	p := Provider{AllowedDomains: []string{"example.com"}}
	assert.True(t, p.Allows("Someone@Example.com"))
	assert.False(t, p.Allows("someone@sub.example.com"), "subdomains are listed one by one")
	assert.False(t, p.Allows("someone@example.com.evil.org"))
}

func TestAuditFieldsNeverHoldTheSecret(t *testing.T) {
	p := Provider{Name: "x", SealedSecret: []byte("sealed")}
	assert.Equal(t, "[redacted]", AuditFields(p)["client_secret"])
	assert.NotContains(t, AuditFields(p), "sealed_secret")
}
