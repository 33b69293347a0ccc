package auth

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"slices"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	"github.com/vidhost/vidhost/gateway/internal/tokens"
	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/envelope"
	"github.com/vidhost/vidhost/pkg/grpcx"
	"github.com/vidhost/vidhost/pkg/logx"
	"github.com/vidhost/vidhost/pkg/principal"
	identityv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
)

// serveWithToken authenticates a request that carries an upload token: a
// valid one, on a request it allows, acts as the minting key narrowed to
// the token (tokens.Claims.Principal). The key's ips do not apply: the
// token is meant for a browser anywhere, which is why it is short-lived,
// single-use and capped.
func serveWithToken(w http.ResponseWriter, r *http.Request, next http.Handler, a *Authenticator, token string, clientIP ClientIP, logger *slog.Logger) {
	claims, err := a.uploadTokens.Verify(token)
	switch {
	case errors.Is(err, tokens.ErrExpired):
		w.Header().Set("WWW-Authenticate", `Bearer error="invalid_token"`)
		envelope.WriteError(w, apperr.CodeTokenExpired, "")
		return
	case err != nil:
		w.Header().Set("WWW-Authenticate", `Bearer error="invalid_token"`)
		envelope.WriteError(w, apperr.CodeTokenInvalid, "")
		return
	}
	if claims.Type != tokens.TypeUpload {
		envelope.WriteError(w, apperr.CodeTokenScope, "a viewer token opens /watch and /embed of its video, not the API")
		return
	}
	if !tokens.Allows(r.Method, r.URL.Path) {
		envelope.WriteError(w, apperr.CodeTokenScope,
			"this upload token cannot be used for "+r.Method+" "+r.URL.Path+": only for POST /v2/uploads, its tus upload and POST /v2/videos")
		return
	}
	p := claims.Principal(AddrString(clientIP.Of(r)))
	ctx := principal.NewContext(r.Context(), p)
	if revoked, err := a.minterRevoked(ctx, claims.KeyID); err != nil {
		resolveFailed(w, r, logger, err)
		return
	} else if revoked != "" {
		w.Header().Set("WWW-Authenticate", `Bearer error="invalid_token"`)
		envelope.WriteError(w, apperr.CodeTokenInvalid, "this token is not valid: "+revoked)
		return
	}
	next.ServeHTTP(w, r.WithContext(ctx))
}

// minterRevoked asks identity, as the token's principal, for the key that
// minted the token: deleting the key, or making it read-only, revokes its
// upload tokens at their next use. It says why, or "" when the key still
// may write. A token a person minted has no key to check.
func (a *Authenticator) minterRevoked(ctx context.Context, keyID string) (string, error) {
	if keyID == "" {
		return "", nil
	}
	ctx, cancel := context.WithTimeout(ctx, AuthenticateTimeout)
	defer cancel()
	if id := logx.RequestID(ctx); id != "" {
		ctx = metadata.AppendToOutgoingContext(ctx, grpcx.RequestIDHeader, id)
	}
	key, err := a.client.GetApiKey(ctx, &identityv1.GetApiKeyRequest{Id: keyID})
	switch {
	case status.Code(err) == codes.NotFound:
		return "the API key that minted it was deleted", nil
	case err != nil:
		return "", err
	case slices.Contains(key.GetPermissions(), readOnlyPermission):
		return "the API key that minted it is now read-only", nil
	}
	return "", nil
}
