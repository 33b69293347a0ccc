package session

import (
	"context"
	"net/http"

	"github.com/vidhost/vidhost/gateway/internal/auth"
	identityv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
)

// requestReset answers POST /reset-password/request: 200 whatever the
// email, so the answer tells nothing; identity mails the link.
func (e Endpoints) requestReset(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Email string `json:"email"`
	}
	if !e.sameOriginBody(w, r, &body) {
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), e.Timeout)
	defer cancel()
	_, err := e.Sessions.Client().RequestPasswordReset(ctx, &identityv1.RequestPasswordResetRequest{Email: body.Email,
		ClientIp: auth.AddrString(e.ClientIP.Of(r))})
	if err != nil {
		e.fail(w, r, err)
		return
	}
	writeResult(w, map[string]any{})
}

// reset answers POST /reset-password: the link's token and a new password.
func (e Endpoints) reset(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Token    string `json:"token"`
		Password string `json:"password"`
	}
	if !e.sameOriginBody(w, r, &body) {
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), e.Timeout)
	defer cancel()
	_, err := e.Sessions.Client().ResetPassword(ctx, &identityv1.ResetPasswordRequest{Token: body.Token, Password: body.Password,
		ClientIp: auth.AddrString(e.ClientIP.Of(r))})
	if err != nil {
		e.fail(w, r, err)
		return
	}
	e.Sessions.ForgetSessions() // every session of the user ended, and their media tokens with them
	e.Sessions.ClearCookie(w)
	writeResult(w, map[string]any{})
}
