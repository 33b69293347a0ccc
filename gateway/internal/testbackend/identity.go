package testbackend

import (
	"context"
	"slices"
	"sync"
	"sync/atomic"

	"google.golang.org/protobuf/proto"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/pkg/roles"
	identityv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
)

// Identity fakes IdentityService: Authenticate answers from a table of key
// values and counts its calls.
type Identity struct {
	identityv1.UnimplementedIdentityServiceServer
	mu     sync.Mutex
	keys   map[string]*identityv1.Principal
	tokens []RecordedToken
	// refuseTokens, when set, is RecordToken's answer.
	refuseTokens error
	calls        atomic.Int64
}

// NewIdentity returns a fake that knows no keys.
func NewIdentity() *Identity {
	return &Identity{keys: map[string]*identityv1.Principal{}}
}

// SetKey makes value a valid key resolving to p; a p without a role is an
// owner key, as the operator's keys are (docs/roles.md).
func (f *Identity) SetKey(value string, p *identityv1.Principal) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if p.GetRole() == "" {
		p = proto.CloneOf(p)
		p.Role = roles.Owner
	}
	f.keys[value] = p
}

// RemoveKey makes value unknown, as deleting the key would.
func (f *Identity) RemoveKey(value string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	delete(f.keys, value)
}

// Calls is how many times Authenticate ran.
func (f *Identity) Calls() int64 { return f.calls.Load() }

// Authenticate returns the principal added for the key, or
// apperr.ErrUnauthenticated for any other key, and counts the call.
func (f *Identity) Authenticate(_ context.Context, req *identityv1.AuthenticateRequest) (*identityv1.AuthenticateResponse, error) {
	f.calls.Add(1)
	f.mu.Lock()
	defer f.mu.Unlock()
	p, ok := f.keys[req.GetKey()]
	if !ok {
		return nil, apperr.ErrUnauthenticated
	}
	return &identityv1.AuthenticateResponse{Principal: p}, nil
}

// ListApiKeys returns one fixed key, "k1".
func (f *Identity) ListApiKeys(context.Context, *identityv1.ListApiKeysRequest) (*identityv1.ListApiKeysResponse, error) {
	key := &identityv1.ApiKey{Id: "k1", Name: "ci", Type: "api", Permissions: []string{}, Ips: []string{}}
	return &identityv1.ListApiKeysResponse{Items: []*identityv1.ApiKey{key}}, nil
}

// DeleteApiKey always succeeds.
func (f *Identity) DeleteApiKey(context.Context, *identityv1.DeleteApiKeyRequest) (*identityv1.DeleteApiKeyResponse, error) {
	return &identityv1.DeleteApiKeyResponse{}, nil
}

// RecordToken remembers the tokens the gateway recorded, with the account
// they were recorded for.
func (f *Identity) RecordToken(ctx context.Context, req *identityv1.RecordTokenRequest) (*identityv1.RecordTokenResponse, error) {
	p, ok := principal.FromContext(ctx)
	if !ok {
		return nil, apperr.ErrUnauthenticated
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.refuseTokens != nil {
		return nil, f.refuseTokens
	}
	f.tokens = append(f.tokens, RecordedToken{AccountID: p.AccountID, Request: req})
	return &identityv1.RecordTokenResponse{}, nil
}

// RefuseTokens makes RecordToken answer err (nil records again).
func (f *Identity) RefuseTokens(err error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.refuseTokens = err
}

// RecordedToken is one RecordToken call.
type RecordedToken struct {
	AccountID string
	Request   *identityv1.RecordTokenRequest
}

// Tokens returns the tokens recorded so far.
func (f *Identity) Tokens() []RecordedToken {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.tokens)
}

// GetApiKey answers for the keys SetKey made, by their key id.
func (f *Identity) GetApiKey(_ context.Context, req *identityv1.GetApiKeyRequest) (*identityv1.ApiKey, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, p := range f.keys {
		if p.GetKeyId() == req.GetId() {
			return &identityv1.ApiKey{Id: p.GetKeyId(), Type: "api", Permissions: p.GetPermissions(), Ips: p.GetIps()}, nil
		}
	}
	return nil, apperr.ErrNotFound
}

// The fake single sign-on: BeginSso always starts a flow sealed as
// FakeSSOFlow; CompleteSso accepts only that flow, and starts a session
// when the code is FakeSSOCodeWithSession (as once sessions are plugged in).
const (
	FakeSSOFlow            = "sealed-flow"
	FakeSSOCodeWithSession = "code-with-session"
	FakeSSOSessionToken    = "session-token"
)

// BeginSso refuses an empty email and otherwise starts FakeSSOFlow.
func (f *Identity) BeginSso(_ context.Context, req *identityv1.BeginSsoRequest) (*identityv1.BeginSsoResponse, error) {
	if req.GetEmail() == "" {
		return nil, apperr.InvalidField("email", "must be an email address")
	}
	return &identityv1.BeginSsoResponse{AuthorizeUrl: "https://idp.example.com/authorize?state=s", Flow: FakeSSOFlow}, nil
}

// CompleteSso signs in a fixed viewer for FakeSSOFlow only, with a
// session when the code is FakeSSOCodeWithSession.
func (f *Identity) CompleteSso(_ context.Context, req *identityv1.CompleteSsoRequest) (*identityv1.CompleteSsoResponse, error) {
	if req.GetFlow() != FakeSSOFlow {
		return nil, &apperr.Denied{Code: apperr.CodeSsoRefused, Reason: "this sign-in is invalid or has expired: start again"}
	}
	out := &identityv1.CompleteSsoResponse{AccountId: "acc1", UserId: "user9", Email: "alice@example.com", Role: "viewer", Created: true}
	if req.GetCode() == FakeSSOCodeWithSession {
		out.SessionToken, out.SessionExpiresTime = FakeSSOSessionToken, "2030-01-01T00:00:00.000Z"
	}
	return out, nil
}
