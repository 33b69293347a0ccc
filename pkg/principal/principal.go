package principal

import (
	"context"

	"github.com/vidhost/vidhost/pkg/apperr"
)

// Principal is the authenticated caller of a request.
type Principal struct {
	// AccountID scopes every query: tenants never see each other's rows.
	AccountID string
	// KeyID is the API key the request came with (empty for internal calls).
	KeyID string
	// ActorID is recorded as created_by/updated_by.
	ActorID string
	// ReadOnly keys may only read.
	ReadOnly bool
	// LiveEnabled tells whether the account's plan includes live streaming.
	LiveEnabled bool
}

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
