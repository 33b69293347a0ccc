package app

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"mime"
	"net/http"
	"time"

	"github.com/vidhost/vidhost/gateway/internal/auth"
	"github.com/vidhost/vidhost/gateway/internal/session"
	"github.com/vidhost/vidhost/gateway/web"
	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/envelope"
	identityv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
)

// maxAcceptBody bounds POST /invites/accept: a token, a name and a
// password are well under a kilobyte.
const maxAcceptBody = 8 << 10

// Password lengths the page's form states; identity enforces them
// (password.MinLength, password.MaxLength).
const (
	minPassword = 10
	maxPassword = 128
)

// invitePage serves the page an invite's link opens and the acceptance it
// posts (docs/invites.md). Neither needs an API key: the invitee has none,
// and the token is the credential identity checks. An accepted invite
// signs the browser in (sessions), so the page can open the dashboard.
type invitePage struct {
	identity identityv1.IdentityServiceClient
	sessions *session.Sessions
	clientIP auth.ClientIP
	timeout  time.Duration
	logger   *slog.Logger
}

// register mounts the page, its assets and its POST on mux.
func (p invitePage) register(mux *http.ServeMux) {
	mux.HandleFunc("GET "+web.InvitePath, func(w http.ResponseWriter, _ *http.Request) {
		web.RenderInvitePage(w, minPassword, maxPassword)
	})
	mux.Handle("GET "+web.InvitePath+".js", web.InviteAssetHandler())
	mux.Handle("GET "+web.InvitePath+".css", web.InviteAssetHandler())
	mux.HandleFunc("POST "+web.InvitePath, p.accept)
}

// acceptBody is the JSON the page posts.
type acceptBody struct {
	Token    string `json:"token"`
	Name     string `json:"name"`
	Password string `json:"password"`
}

// accept answers POST /invites/accept in the /v2 envelope: 200 with the
// joined user's email and whether the browser is now signed in, or
// identity's refusal (invite_invalid, a field rule).
func (p invitePage) accept(w http.ResponseWriter, r *http.Request) {
	// Login CSRF, as POST /v2/session: another site must not sign a
	// browser in, here as the account it just made.
	if p.sessions != nil {
		if problem := p.sessions.OriginProblem(r); problem != "" {
			envelope.WriteError(w, apperr.CodeCsrfInvalid, problem)
			return
		}
	}
	if mediaType, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); mediaType != "application/json" {
		envelope.WriteError(w, apperr.CodeUnsupportedMediaType, "Content-Type must be application/json")
		return
	}
	var body acceptBody
	decoder := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxAcceptBody))
	decoder.DisallowUnknownFields()
	if err := decoder.Decode(&body); err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			envelope.WriteError(w, apperr.CodeBodyTooLarge, fmt.Sprintf("request body is too large: the limit is %d bytes", maxAcceptBody))
			return
		}
		envelope.WriteError(w, apperr.CodeInvalidArgument, "malformed JSON")
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), p.timeout)
	defer cancel()
	out, err := p.identity.AcceptInvite(ctx, &identityv1.AcceptInviteRequest{
		Token: body.Token, Name: body.Name, Password: body.Password, ClientIp: auth.AddrString(p.clientIP.Of(r))})
	if err != nil {
		mapped := envelope.FromError(err)
		if mapped.Hidden {
			p.logger.ErrorContext(r.Context(), "accept invite failed", "error", err.Error())
		}
		mapped.SetRetryAfter(w.Header()) // a busy identity: hashing the password waits its turn
		envelope.Write(w, mapped.HTTPStatus, envelope.Failure(mapped.Error))
		return
	}
	signedIn := p.signIn(w, r, out.GetEmail(), body.Password)
	result, _ := json.Marshal(map[string]any{"user_id": out.GetUserId(), "email": out.GetEmail(), "signed_in": signedIn})
	envelope.Write(w, http.StatusOK, envelope.Success(result, nil))
}

// signIn starts the new user's session exactly as the sign-in page would
// (session.Sessions.SignIn): if the account requires multi-factor codes,
// the dashboard then asks for enrolment before anything else. The invite
// is accepted whatever happens here, so a refusal (a sign-in limit
// reached, identity busy) is logged and the page sends the person to
// /signin instead.
func (p invitePage) signIn(w http.ResponseWriter, r *http.Request, email, password string) bool {
	if p.sessions == nil {
		return false
	}
	// A timeout of its own: the acceptance already spent one hashing the password.
	ctx, cancel := context.WithTimeout(r.Context(), p.timeout)
	defer cancel()
	_, err := p.sessions.SignIn(ctx, w, r, p.clientIP, session.Credentials{Email: email, Password: password})
	if err != nil {
		p.logger.WarnContext(r.Context(), "invite accepted but its sign-in was refused", "error", err.Error())
		return false
	}
	return true
}
