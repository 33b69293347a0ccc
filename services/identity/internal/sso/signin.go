package sso

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/audit"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/plans"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/pkg/roles"
)

// Why a sign-in was refused after the provider answered; each message is
// the person's, in the sign-in page.
var (
	errState        = errors.New("the identity provider's answer does not belong to this browser's sign-in (state): start again")
	errDomain       = errors.New("this email address's domain is not one the identity provider allows")
	errPasswordUser = errors.New("this email address signs in with a password, not single sign-on")
	errOtherAccount = errors.New("this email address belongs to a user of another account")
	errUserDisabled = errors.New("this user is disabled")
	// errOwnerUntrusted keeps an admin who repointed the provider at an
	// issuer of their own from signing in as an owner (issue 26).
	errOwnerUntrusted = errors.New("an owner cannot sign in through this identity provider until an owner saves its settings: someone who is not an owner changed them last")
	errAccountOff     = errors.New("this account is disabled")
	errProviderOff    = errors.New("this identity provider is disabled or was deleted")
	errNoSeat         = errors.New("the account's plan has no room for another user: ask an admin")
	// errSecretUnreadable is a client secret sealed under another root secret.
	errSecretUnreadable = errors.New("the identity provider's client secret cannot be read: an admin must set it again")
)

// refused is the answer a person sees: code sso_refused and the reason.
func refused(reason error) error {
	return &apperr.Denied{Code: apperr.CodeSsoRefused, Reason: reasonOf(reason)}
}

// reasonOf is the first line of a joined error: the person's message, not
// the library's detail (which goes to the log).
func reasonOf(err error) string {
	msg, _, _ := strings.Cut(err.Error(), "\n")
	return msg
}

// BeginInput is a request to sign in: an email (account discovery).
type BeginInput struct {
	Email, ClientIP string
}

// Redirect is where to send the browser and the flow cookie to set.
type Redirect struct {
	AuthorizeURL, Flow string
	ExpiresTime        time.Time
}

// Begin finds the provider of the email's domain and starts the
// authorization code flow.
func (s *Service) Begin(ctx context.Context, in BeginInput) (Redirect, error) {
	email := strings.ToLower(strings.TrimSpace(in.Email))
	domain := DomainOf(email)
	if domain == "" || !domainPattern.MatchString(domain) {
		return Redirect{}, apperr.InvalidField("email", "must be an email address")
	}
	p, err := s.store.ProviderByDomain(ctx, domain)
	if errors.Is(err, apperr.ErrNotFound) || (err == nil && !p.Enabled) {
		return Redirect{}, &apperr.Refused{Code: apperr.CodeSsoNotConfigured,
			Reason: fmt.Sprintf("no single sign-on is set up for %s: sign in with your password", domain)}
	}
	if err != nil {
		return Redirect{}, err
	}
	now := s.now()
	flow := newFlow(p, now)
	sess, err := s.open(ctx, p)
	if err != nil {
		return Redirect{}, s.refuse(ctx, p.AccountID, p.ID, in.ClientIP, email, err)
	}
	return Redirect{AuthorizeURL: sess.authorizeURL(flow, email), Flow: s.sealFlow(flow),
		ExpiresTime: time.Unix(flow.Expires, 0).UTC()}, nil
}

// open discovers p with its secret opened.
func (s *Service) open(ctx context.Context, p Provider) (session, error) {
	secret, err := s.clientSecret(p)
	if err != nil {
		// The root secret changed since the secret was sealed.
		return session{}, errors.Join(errSecretUnreadable, err)
	}
	return s.relying.open(ctx, p, secret, s.callbackURL)
}

// Callback is what the provider sent the browser back with, and the flow
// cookie the browser kept.
type Callback struct {
	Code, State, ProviderError, Flow string
	ClientIP, UserAgent              string
}

// SignIn is who signed in; Session is nil until sessions are plugged in.
type SignIn struct {
	User    User
	Created bool
	Session *Started
}

// Finish completes a flow: checks the state, redeems the code, verifies
// the ID token and the email, finds or makes the user and starts a
// session. Every refusal is audited against the provider and changes
// nothing else.
func (s *Service) Finish(ctx context.Context, cb Callback) (SignIn, error) {
	flow, err := s.openFlow(cb.Flow)
	if err != nil {
		s.logger.WarnContext(ctx, "sso: sign-in refused: flow cookie missing or forged", "client_ip", cb.ClientIP)
		return SignIn{}, refused(err)
	}
	refuse := func(err error, email string) error {
		return s.refuse(ctx, flow.AccountID, flow.ProviderID, cb.ClientIP, email, err)
	}
	switch {
	case s.now().Unix() > flow.Expires:
		return SignIn{}, refuse(errFlow, "")
	case !flow.matches(cb.State):
		return SignIn{}, refuse(errState, "")
	case cb.ProviderError != "":
		return SignIn{}, refuse(fmt.Errorf("the identity provider refused the sign-in: %.100s", cb.ProviderError), "")
	}
	p, err := s.store.GetProvider(ctx, flow.AccountID, flow.ProviderID)
	if errors.Is(err, apperr.ErrNotFound) || (err == nil && !p.Enabled) {
		return SignIn{}, refuse(errProviderOff, "")
	}
	if err != nil {
		return SignIn{}, err
	}
	sess, err := s.open(ctx, p)
	if err != nil {
		return SignIn{}, refuse(err, "")
	}
	claims, err := sess.redeem(cb.Code, flow)
	if err != nil {
		return SignIn{}, refuse(err, "")
	}
	if !s.verifiedFor(ctx, p, claims.Email) {
		return SignIn{}, refuse(errDomain, claims.Email)
	}
	out, err := s.signIn(ctx, p, claims, cb.ClientIP)
	var r *apperr.Denied
	if errors.As(err, &r) {
		return SignIn{}, refuse(errors.New(r.Reason), claims.Email)
	}
	if err != nil {
		return SignIn{}, err
	}
	if s.starter != nil {
		started, err := s.starter.Start(ctx, StartInput{AccountID: p.AccountID, UserID: out.User.ID,
			Method: MethodSSO, ClientIP: cb.ClientIP, UserAgent: cb.UserAgent})
		if err != nil {
			return SignIn{}, fmt.Errorf("sso: start session: %w", err)
		}
		out.Session = &started
	}
	return out, nil
}

// verifiedFor reports whether email's domain is one p verified: a
// provider's word on an address of a domain it merely lists, or one another
// account verified, makes nobody a user.
func (s *Service) verifiedFor(ctx context.Context, p Provider, email string) bool {
	if !p.Allows(email) {
		return false
	}
	owner, err := s.store.ProviderByDomain(ctx, DomainOf(email))
	return err == nil && owner.ID == p.ID
}

// signIn finds the user of claims.Email in p's account, or makes them with
// p's default role, and records the sign-in, in one transaction.
func (s *Service) signIn(ctx context.Context, p Provider, claims Claims, clientIP string) (SignIn, error) {
	var out SignIn
	err := s.store.InSSOTx(ctx, func(tx Tx) error {
		acc, err := tx.LockAccount(ctx, p.AccountID)
		if err != nil {
			return err
		}
		if !acc.Enabled {
			return refused(errAccountOff)
		}
		u, err := tx.UserByEmail(ctx, claims.Email)
		switch {
		case errors.Is(err, apperr.ErrNotFound):
			if u, err = s.newUser(ctx, tx, p, acc, claims, clientIP); err != nil {
				return err
			}
			out.Created = true
		case err != nil:
			return err
		case u.AccountID != p.AccountID:
			return refused(errOtherAccount)
		case !CanUseSSO(u):
			return refused(errPasswordUser)
		case !u.Enabled:
			return refused(errUserDisabled)
		case u.Role == roles.Owner && !p.OwnerTrusted:
			return refused(errOwnerUntrusted)
		}
		out.User = u
		return tx.Audit(ctx, actorOf(u, clientIP), audit.EntityUsers, u.ID, audit.ActionSignIn,
			map[string]any{"authentication": "sso", "identity_provider": p.ID})
	})
	return out, err
}

// newUser makes the person a user of p's account with p's default role.
func (s *Service) newUser(ctx context.Context, tx Tx, p Provider, acc Account, claims Claims, clientIP string) (User, error) {
	plan, ok := plans.Lookup(acc.Plan)
	if !ok {
		return User{}, fmt.Errorf("sso: unknown plan %q", acc.Plan)
	}
	now := s.timestamp()
	seats, err := tx.CountSeats(ctx, p.AccountID, now)
	if err != nil {
		return User{}, err
	}
	if seats >= plan.MaxUsers {
		return User{}, refused(errNoSeat)
	}
	u := User{ID: ids.New(), AccountID: p.AccountID, Email: claims.Email, Name: claims.Name, Role: p.DefaultRole,
		Authentication: "sso", Enabled: true, CreatedBy: p.ID}
	if err := tx.InsertUser(ctx, u, now); err != nil {
		return User{}, err
	}
	fields := map[string]any{"email": u.Email, "name": u.Name, "role": u.Role, "authentication": "sso",
		"verified_email": true, "identity_provider": p.ID}
	if err := tx.Audit(ctx, actorOf(u, clientIP), audit.EntityUsers, u.ID, audit.ActionCreate, fields); err != nil {
		return User{}, err
	}
	return u, tx.EmitUserCreated(ctx, u.AccountID, u.ID, now)
}

// CanUseSSO reports whether u signs in through an identity provider.
func CanUseSSO(u User) bool { return u.Authentication == "sso" }

func actorOf(u User, clientIP string) principal.Principal {
	return principal.Principal{AccountID: u.AccountID, ActorID: u.ID, ActorType: principal.ActorUser, Role: u.Role, ClientIP: clientIP}
}

// refuse records a refused sign-in against the provider (in a transaction
// of its own: the refusal changed nothing else), logs the library's detail
// and returns the person's message.
func (s *Service) refuse(ctx context.Context, accountID, providerID, clientIP, email string, reason error) error {
	msg := reasonOf(reason)
	s.logger.WarnContext(ctx, "sso: sign-in refused", "account_id", accountID, "identity_provider_id", providerID,
		"client_ip", clientIP, "reason", msg, "detail", reason.Error())
	p := principal.Principal{AccountID: accountID, ActorType: principal.ActorUser, ClientIP: clientIP}
	data := map[string]any{"result": "refused", "reason": msg}
	if email != "" {
		data["email"] = email
	}
	err := s.store.InSSOTx(ctx, func(tx Tx) error {
		return tx.Audit(ctx, p, audit.EntityIdentityProviders, providerID, audit.ActionSignIn, data)
	})
	if err != nil {
		s.logger.ErrorContext(ctx, "sso: refused sign-in not audited", "account_id", accountID, "error", err)
	}
	return refused(reason)
}
