package principal

import (
	"context"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/roles"
)

// Principal is the authenticated caller of a request.
type Principal struct {
	// AccountID scopes every query: tenants never see each other's rows.
	AccountID string
	// KeyID is the API key the request came with (empty for internal calls).
	KeyID string
	// ActorID is recorded as created_by/updated_by and in audit logs: the
	// key's id for ActorAPIKey, the user's for ActorUser.
	ActorID string
	// ActorType says what ActorID names (ActorAPIKey, ActorUser,
	// ActorSystem); audit logs record it.
	ActorType string
	// Role is the role the caller acts with (roles.Viewer…): a person's
	// own role, or an API key's ceiling lowered to its person's current
	// role (docs/roles.md). Empty for the platform's own calls.
	Role string
	// ClientIP is the client's address as the gateway saw it (after its
	// trusted proxies), recorded in audit logs; empty for internal calls.
	ClientIP string
	// ReadOnly keys may only read.
	ReadOnly bool
	// LiveEnabled tells whether the account's plan includes live streaming.
	LiveEnabled bool
	// Plan names the account's plan (pkg/plans), whose quotas services
	// enforce; empty for service-level calls.
	Plan string
	// UploadToken is the id (jti) of the upload token the request came
	// with, empty for an API key (docs/tokens.md): such a principal may
	// create one upload of at most MaxUploadBytes and one video from it.
	UploadToken string
	// MaxUploadBytes is the upload token's size cap; 0 without a token.
	MaxUploadBytes int64
}

// Actor types, as audit logs show them (docs/audit-logs.md).
const (
	// ActorAPIKey is a request made with an API key.
	ActorAPIKey = "api_key"
	// ActorUser is a person signed in to the dashboard.
	ActorUser = "user"
	// ActorSystem is the platform itself: an operator's command, a worker.
	ActorSystem = "system"
)

type contextKey struct{}

// NewContext returns ctx carrying p.
func NewContext(ctx context.Context, p Principal) context.Context {
	return context.WithValue(ctx, contextKey{}, p)
}

// FromContext returns the principal of ctx, if any.
func FromContext(ctx context.Context) (Principal, bool) {
	p, ok := ctx.Value(contextKey{}).(Principal)
	return p, ok && p.AccountID != ""
}

// Require returns the principal of ctx or ErrUnauthenticated.
func Require(ctx context.Context) (Principal, error) {
	p, ok := FromContext(ctx)
	if !ok {
		return Principal{}, apperr.ErrUnauthenticated
	}
	return p, nil
}

// RequireWriter is Require for calls that change state: read-only keys are
// refused. The gateway refuses them first; this is defence in depth.
func RequireWriter(ctx context.Context) (Principal, error) {
	p, err := Require(ctx)
	if err != nil {
		return p, err
	}
	if p.ReadOnly {
		return p, &apperr.Denied{Code: apperr.CodeReadOnlyKey, Reason: "this API key is read-only"}
	}
	return p, nil
}

// HeldToRoles reports whether p is held to the role table (docs/roles.md):
// a person, whose Role is theirs, or an API key, whose Role is its ceiling
// already lowered to its person's role. The platform's own calls (system,
// and service-level calls with no actor type) are not.
func (p Principal) HeldToRoles() bool {
	return p.ActorType == ActorUser || p.ActorType == ActorAPIKey
}

// ActingRole is the role p acts with: its Role when held to roles (empty
// when it has none, which has no rights), else owner.
func (p Principal) ActingRole() string {
	if p.HeldToRoles() {
		return p.Role
	}
	return roles.Owner
}

// HasRole reports whether p acts with at least the role least.
func (p Principal) HasRole(least string) bool {
	return !p.HeldToRoles() || roles.AtLeast(p.Role, least)
}
