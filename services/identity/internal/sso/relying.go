package sso

import (
	"context"
	"crypto/subtle"
	"errors"
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/coreos/go-oidc/v3/oidc"
	"golang.org/x/oauth2"
)

// RelyingParty speaks OpenID Connect to providers through one guarded
// HTTP client (go-oidc and x/oauth2 take it from the context).
type RelyingParty struct{ client *http.Client }

// NewRelyingParty returns a RelyingParty over client.
func NewRelyingParty(client *http.Client) *RelyingParty { return &RelyingParty{client: client} }

// Claims are what a sign-in takes from the provider.
type Claims struct {
	Subject, Email, Name string
	EmailVerified        bool
}

// Why a provider's answer was refused; each is shown to the person.
var (
	errIssuer       = errors.New("the identity provider could not be reached, or its issuer does not match issuer_url")
	errExchange     = errors.New("the identity provider refused the sign-in code")
	errIDToken      = errors.New("the identity provider's ID token is invalid (signature, issuer, audience or expiry)")
	errNonce        = errors.New("the identity provider's ID token does not belong to this sign-in (nonce)")
	errNoEmail      = errors.New("the identity provider gave no email address")
	errUnverified   = errors.New("the identity provider has not verified this email address")
	errUserInfoSubj = errors.New("the identity provider's user info is about someone else")
)

// session is one provider's endpoints and client, ready for a flow.
type session struct {
	provider *oidc.Provider
	config   oauth2.Config
	ctx      context.Context // carries the guarded client
}

// open discovers p's provider at its issuer URL; go-oidc refuses a
// discovery document whose issuer differs from it.
func (r *RelyingParty) open(ctx context.Context, p Provider, secret, redirectURL string) (session, error) {
	ctx = oidc.ClientContext(ctx, r.client)
	provider, err := oidc.NewProvider(ctx, p.IssuerURL)
	if err != nil {
		return session{}, errors.Join(errIssuer, err)
	}
	return session{provider: provider, ctx: ctx, config: oauth2.Config{
		ClientID: p.ClientID, ClientSecret: secret, Endpoint: provider.Endpoint(),
		RedirectURL: redirectURL, Scopes: []string{oidc.ScopeOpenID, "email", "profile"},
	}}, nil
}

// authorizeURL is where the browser goes: state, nonce, PKCE S256.
func (s session) authorizeURL(f flowState, loginHint string) string {
	opts := []oauth2.AuthCodeOption{oidc.Nonce(f.Nonce), oauth2.S256ChallengeOption(f.Verifier)}
	if loginHint != "" {
		opts = append(opts, oauth2.SetAuthURLParam("login_hint", loginHint))
	}
	return s.config.AuthCodeURL(f.State, opts...)
}

// redeem exchanges the code (with the PKCE verifier), verifies the ID
// token (signature, issuer, audience, expiry, nonce) and returns its
// claims, completed from the user info endpoint when the token carries no
// email.
func (s session) redeem(code string, f flowState) (Claims, error) {
	token, err := s.config.Exchange(s.ctx, code, oauth2.VerifierOption(f.Verifier))
	if err != nil {
		return Claims{}, errors.Join(errExchange, err)
	}
	raw, _ := token.Extra("id_token").(string)
	idToken, err := s.provider.Verifier(&oidc.Config{ClientID: s.config.ClientID}).Verify(s.ctx, raw)
	if err != nil {
		return Claims{}, errors.Join(errIDToken, err)
	}
	if subtle.ConstantTimeCompare([]byte(idToken.Nonce), []byte(f.Nonce)) != 1 {
		return Claims{}, errNonce
	}
	var c struct {
		Email         string `json:"email"`
		EmailVerified *bool  `json:"email_verified"`
		Name          string `json:"name"`
	}
	if err := idToken.Claims(&c); err != nil {
		return Claims{}, errors.Join(errIDToken, err)
	}
	claims := Claims{Subject: idToken.Subject, Email: c.Email, Name: c.Name, EmailVerified: c.EmailVerified != nil && *c.EmailVerified}
	if claims.Email == "" {
		if claims, err = s.userInfo(token, claims); err != nil {
			return Claims{}, err
		}
	}
	return claims.checked()
}

// userInfo fills the email from the user info endpoint, for providers that
// keep it out of the ID token; it must be about the token's subject.
func (s session) userInfo(token *oauth2.Token, claims Claims) (Claims, error) {
	info, err := s.provider.UserInfo(s.ctx, oauth2.StaticTokenSource(token))
	if err != nil {
		return Claims{}, errors.Join(errNoEmail, err)
	}
	if info.Subject != claims.Subject {
		return Claims{}, errUserInfoSubj
	}
	var extra struct {
		Name string `json:"name"`
	}
	_ = info.Claims(&extra)
	claims.Email, claims.EmailVerified = info.Email, info.EmailVerified
	if claims.Name == "" {
		claims.Name = extra.Name
	}
	return claims, nil
}

// checked refuses claims without a verified email and tidies them.
func (c Claims) checked() (Claims, error) {
	c.Email = strings.ToLower(strings.TrimSpace(c.Email))
	if c.Email == "" || !strings.Contains(c.Email, "@") {
		return Claims{}, errNoEmail
	}
	if !c.EmailVerified {
		return Claims{}, errUnverified
	}
	c.Name = strings.TrimSpace(c.Name)
	if utf8.RuneCountInString(c.Name) > 100 {
		c.Name = string([]rune(c.Name)[:100])
	}
	return c, nil
}
