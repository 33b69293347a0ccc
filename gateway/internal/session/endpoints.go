package session

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"mime"
	"net/http"
	"strings"
	"time"

	"github.com/vidhost/vidhost/gateway/internal/auth"
	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/envelope"
	identityv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
)

// maxSessionBody bounds the session endpoints' JSON: an email, a password
// and a code, or two passwords.
const maxSessionBody = 8 << 10

// Endpoints are the gateway's own /v2/session routes: they set and clear
// the cookie, which grpc-gateway routes cannot, and the pages over them
// (docs/authentication.md).
type Endpoints struct {
	Sessions *Sessions
	ClientIP auth.ClientIP
	// Timeout bounds each call to identity.
	Timeout time.Duration
	Logger  *slog.Logger
}

// Register mounts the routes and pages on mux; they are more specific than
// "/v2/", so they take these paths from the API key chain.
func (e Endpoints) Register(mux *http.ServeMux) {
	mux.HandleFunc("POST "+SessionPath, e.signIn)
	mux.HandleFunc("GET "+SessionPath, e.withSession(e.current))
	mux.HandleFunc("DELETE "+SessionPath, e.withSession(e.signOut(false)))
	mux.HandleFunc("DELETE "+SessionPath+"s", e.withSession(e.signOut(true)))
	mux.HandleFunc("POST "+SessionPath+"/password", e.withSession(e.changePassword))
	mux.HandleFunc("POST "+ResetPath+"/request", e.requestReset)
	mux.HandleFunc("POST "+ResetPath, e.reset)
	mux.HandleFunc("GET "+ResetPath, func(w http.ResponseWriter, _ *http.Request) { RenderResetPage(w) })
	mux.HandleFunc("GET "+SignInPath, func(w http.ResponseWriter, r *http.Request) { RenderSignInPage(w, r.URL.Query().Get("next")) })
	mux.HandleFunc("GET "+SignOutPath, func(w http.ResponseWriter, _ *http.Request) { RenderSignOutPage(w) })
	mux.Handle("GET "+SignInPath+".js", SignInAssetHandler())
	mux.Handle("GET "+SignInPath+".css", SignInAssetHandler())
}

type signInBody struct {
	Email    string `json:"email"`
	Password string `json:"password"`
	Code     string `json:"code"`
}

// signIn answers POST /v2/session: the session (with its CSRF token) and
// the cookie, or identity's refusal.
func (e Endpoints) signIn(w http.ResponseWriter, r *http.Request) {
	// Login CSRF: another site must not sign a browser in as someone else.
	var body signInBody
	if !e.sameOriginBody(w, r, &body) {
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), e.Timeout)
	defer cancel()
	out, err := e.Sessions.SignIn(ctx, w, r, e.ClientIP, Credentials(body))
	if err != nil {
		e.fail(w, r, err)
		return
	}
	writeResult(w, sessionResult(out.GetSession(), "", ""))
}

// withSession runs next with the request's live session, refusing requests
// without one (401; 403 session_required when they carry an API key
// instead, as docs/errors.md says: the key is valid, the route is not for
// it) and, for changes, without its CSRF token (403).
func (e Endpoints) withSession(next func(http.ResponseWriter, *http.Request, string, *identityv1.ResolveSessionResponse)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		token, ok := e.Sessions.Token(r)
		if !ok && r.Header.Get("Authorization") != "" {
			envelope.WriteError(w, apperr.CodeSessionRequired, "")
			return
		}
		if !ok {
			envelope.WriteError(w, apperr.CodeSessionInvalid, "you are not signed in")
			return
		}
		ctx, cancel := context.WithTimeout(r.Context(), e.Timeout)
		defer cancel()
		resolved, err := e.Sessions.Resolve(ctx, token, auth.AddrString(e.ClientIP.Of(r)))
		if err != nil {
			e.fail(w, r, err)
			return
		}
		if e.Sessions.RefuseCSRF(w, r, token, resolved, auth.AddrString(e.ClientIP.Of(r)), e.Logger) {
			return
		}
		next(w, r.WithContext(ctx), token, resolved)
	}
}

// current answers GET /v2/session: who is signed in, and the CSRF token
// the page sends back.
func (e Endpoints) current(w http.ResponseWriter, _ *http.Request, _ string, resolved *identityv1.ResolveSessionResponse) {
	out := sessionResult(resolved.GetSession(), resolved.GetEmail(), resolved.GetRole())
	out["mfa_enrolment_required"] = resolved.GetMfaEnrolmentRequired()
	writeResult(w, out)
}

// signOut answers DELETE /v2/session (this session) and DELETE
// /v2/sessions (every session of the user), clearing the cookie.
func (e Endpoints) signOut(everywhere bool) func(http.ResponseWriter, *http.Request, string, *identityv1.ResolveSessionResponse) {
	return func(w http.ResponseWriter, r *http.Request, token string, _ *identityv1.ResolveSessionResponse) {
		out, err := e.Sessions.Client().SignOut(r.Context(), &identityv1.SignOutRequest{Token: token, Everywhere: everywhere,
			ClientIp: auth.AddrString(e.ClientIP.Of(r))})
		if err != nil {
			e.fail(w, r, err)
			return
		}
		// Media tokens minted for the session die with it, here at once.
		e.Sessions.ForgetSessions()
		e.Sessions.ClearCookie(w)
		writeResult(w, map[string]any{"ended": out.GetEnded()})
	}
}

type passwordBody struct {
	CurrentPassword string `json:"current_password"`
	NewPassword     string `json:"new_password"`
}

// changePassword answers POST /v2/session/password; the user's other
// sessions end.
func (e Endpoints) changePassword(w http.ResponseWriter, r *http.Request, token string, _ *identityv1.ResolveSessionResponse) {
	var body passwordBody
	if !decodeSessionBody(w, r, &body) {
		return
	}
	_, err := e.Sessions.Client().ChangePassword(r.Context(), &identityv1.ChangePasswordRequest{Token: token,
		CurrentPassword: body.CurrentPassword, NewPassword: body.NewPassword, ClientIp: auth.AddrString(e.ClientIP.Of(r))})
	if err != nil {
		e.fail(w, r, err)
		return
	}
	e.Sessions.ForgetSessions() // the other sessions ended, and their media tokens with them
	writeResult(w, map[string]any{})
}

// sameOriginBody refuses another origin's request and decodes the JSON
// body into v, answering the refusals itself.
func (e Endpoints) sameOriginBody(w http.ResponseWriter, r *http.Request, v any) bool {
	if problem := e.Sessions.OriginProblem(r); problem != "" {
		envelope.WriteError(w, apperr.CodeCsrfInvalid, problem)
		return false
	}
	return decodeSessionBody(w, r, v)
}

// fail writes identity's refusal in the envelope; a session that no longer
// resolves also loses its cookie.
func (e Endpoints) fail(w http.ResponseWriter, r *http.Request, err error) {
	mapped := envelope.FromError(err)
	if mapped.Hidden {
		e.Logger.ErrorContext(r.Context(), "session call failed", "error", err.Error())
	}
	if mapped.Error.Code == apperr.CodeSessionInvalid {
		e.Sessions.ClearCookie(w)
	}
	mapped.SetRetryAfter(w.Header()) // a rate-limited sign-in, a busy identity
	envelope.Write(w, mapped.HTTPStatus, envelope.Failure(mapped.Error))
}

// sessionResult is a session as /v2/session shows it: never its token.
func sessionResult(s *identityv1.Session, email, role string) map[string]any {
	out := map[string]any{
		"id": s.GetId(), "account_id": s.GetAccountId(), "user_id": s.GetUserId(), "method": s.GetMethod(),
		"csrf_token": s.GetCsrfToken(), "created_time": s.GetCreatedTime(),
		"idle_expires_time": s.GetIdleExpiresTime(), "expires_time": s.GetExpiresTime(),
	}
	if email != "" {
		out["email"], out["role"] = email, role
	}
	return out
}

func writeResult(w http.ResponseWriter, v any) {
	raw, _ := json.Marshal(v)
	envelope.Write(w, http.StatusOK, envelope.Success(raw, nil))
}

// decodeSessionBody reads r's JSON body into v, answering 400/413 itself.
func decodeSessionBody(w http.ResponseWriter, r *http.Request, v any) bool {
	if mediaType, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mediaType != "application/json" {
		envelope.WriteError(w, apperr.CodeUnsupportedMediaType, "Content-Type must be application/json")
		return false
	}
	decoder := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxSessionBody))
	decoder.DisallowUnknownFields()
	if err := decoder.Decode(v); err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			envelope.WriteError(w, apperr.CodeBodyTooLarge, fmt.Sprintf("request body is too large: the limit is %d bytes", maxSessionBody))
			return false
		}
		message := "malformed JSON"
		if strings.Contains(err.Error(), "unknown field") {
			message = strings.TrimPrefix(err.Error(), "json: ")
		}
		envelope.WriteError(w, apperr.CodeInvalidArgument, message)
		return false
	}
	return true
}
