package auth

import (
	"errors"
	"net/http"

	"github.com/vidhost/vidhost/gateway/internal/tokens"
	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/envelope"
	"github.com/vidhost/vidhost/pkg/principal"
)

// serveWithToken authenticates a request that carries an upload token: a
// valid one, on a request it allows, acts as the minting key narrowed to
// the token (tokens.Claims.Principal). The key's ips do not apply: the
// token is meant for a browser anywhere, which is why it is short-lived,
// single-use and capped.
func serveWithToken(w http.ResponseWriter, r *http.Request, next http.Handler, signer tokens.Signer, token string, clientIP ClientIP) {
	claims, err := signer.Verify(token)
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
			"this upload token cannot be used for "+r.Method+" "+r.URL.Path+": only for POST /v2/uploads and POST /v2/videos")
		return
	}
	p := claims.Principal(AddrString(clientIP.Of(r)))
	next.ServeHTTP(w, r.WithContext(principal.NewContext(r.Context(), p)))
}
