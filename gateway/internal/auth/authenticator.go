package auth

import (
	"context"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	"github.com/vidhost/vidhost/gateway/internal/tokens"
	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/grpcx"
	"github.com/vidhost/vidhost/pkg/logx"
	identityv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
)

// AuthenticateTimeout bounds identity's answer: a request should fail fast
// rather than queue behind a stuck identity service.
const AuthenticateTimeout = 3 * time.Second

// Authenticator resolves bearer keys through identity, with the cache in
// front.
type Authenticator struct {
	client identityv1.IdentityServiceClient
	cache  *Cache
	// uploadTokens verifies upload tokens; nil refuses them like unknown keys.
	uploadTokens *tokens.Signer
}

// NewAuthenticator returns an Authenticator asking client and using cache.
func NewAuthenticator(client identityv1.IdentityServiceClient, cache *Cache) *Authenticator {
	return &Authenticator{client: client, cache: cache}
}

// AcceptUploadTokens makes Require accept upload tokens signed by signer,
// on the few requests they allow (docs/tokens.md).
func (a *Authenticator) AcceptUploadTokens(signer tokens.Signer) { a.uploadTokens = &signer }

// Resolve returns the credential of key. Errors are gRPC statuses:
// Unauthenticated for keys identity does not know, others when identity
// could not answer.
func (a *Authenticator) Resolve(ctx context.Context, key string) (Credential, error) {
	h := hashKey(key)
	if cred, ok := a.cache.Get(h); ok {
		return cred, nil
	}
	gen := a.cache.Generation()
	ctx, cancel := context.WithTimeout(ctx, AuthenticateTimeout)
	defer cancel()
	if id := logx.RequestID(ctx); id != "" {
		ctx = metadata.AppendToOutgoingContext(ctx, grpcx.RequestIDHeader, id)
	}
	resp, err := a.client.Authenticate(ctx, &identityv1.AuthenticateRequest{Key: key})
	if err != nil {
		return Credential{}, err
	}
	if resp.GetPrincipal().GetAccountId() == "" {
		return Credential{}, status.Error(codes.Unauthenticated, apperr.ErrUnauthenticated.Error())
	}
	cred := credentialFromProto(resp.GetPrincipal())
	a.cache.Put(h, cred, gen)
	return cred, nil
}

// Evict forgets every cached credential of the API key keyID at once. The
// gateway that serves a change to a key calls it before answering; the
// cache's generation makes sure a Resolve that asked identity before the
// change cannot store its stale answer after this (see Cache).
func (a *Authenticator) Evict(keyID string) { a.cache.EvictKey(keyID) }

// Flush forgets every cached credential: a person's role or state changed,
// and their keys act with at most their role (docs/roles.md).
func (a *Authenticator) Flush() { a.cache.Flush() }
