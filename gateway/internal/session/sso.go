package session

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/vidhost/vidhost/gateway/internal/auth"
	"github.com/vidhost/vidhost/gateway/web"
	"github.com/vidhost/vidhost/pkg/envelope"
	identityv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
)

// Cookies of single sign-on (docs/identity-providers.md).
const (
	// ssoFlowCookie keeps the sealed flow (state, nonce, PKCE verifier)
	// from /sso/start to /sso/callback, and only there.
	ssoFlowCookie = "vh_sso_flow"
	// maxSSOQuery bounds the query strings and form bodies the endpoints read.
	maxSSOQuery = 8 << 10
)

// SSOPages serves single sign-on: the email page, the start of the flow
// and the identity provider's callback. None needs an API key.
type SSOPages struct {
	Identity identityv1.IdentityServiceClient
	ClientIP auth.ClientIP
	// Timeout bounds each call to identity.
	Timeout time.Duration
	Logger  *slog.Logger
	// Secure marks the flow cookie Secure: the public URL is https
	// (SecurePublicURL).
	Secure bool
	// Sessions sets the session cookie a sign-in ends with.
	Sessions *Sessions
}

// Register mounts the pages on mux.
func (p SSOPages) Register(mux *http.ServeMux) {
	mux.HandleFunc("GET "+SSOPath, p.page)
	// A plain GET starts nothing: another site could send a browser there
	// and sign it in as the attacker (login CSRF).
	mux.HandleFunc("GET "+SSOStartPath, p.startByGet)
	mux.HandleFunc("POST "+SSOStartPath, p.start)
	mux.HandleFunc("GET "+SSOCallbackPath, p.callback)
}

// page asks for an email, and says who the browser is signed in as.
func (p SSOPages) page(w http.ResponseWriter, r *http.Request) {
	RenderSSOPage(w, http.StatusOK, SSOPage{SignedInAs: p.signedInAs(r)})
}

// startByGet refuses the old GET start.
func (p SSOPages) startByGet(w http.ResponseWriter, _ *http.Request) {
	SetSSOHeaders(w.Header())
	w.Header().Set("Allow", http.MethodPost)
	web.RenderMessage(w, http.StatusMethodNotAllowed, "Sign-in refused",
		"single sign-on starts from the form at "+SSOPath)
}

// start finds the email's identity provider and sends the browser there,
// with the flow in a cookie only the callback receives. Only this site's
// form may start it (Origin), and a browser that is signed in must say it
// wants its session replaced.
func (p SSOPages) start(w http.ResponseWriter, r *http.Request) {
	SetSSOHeaders(w.Header())
	if problem := p.Sessions.FormOriginProblem(r); problem != "" {
		p.Logger.WarnContext(r.Context(), "sso: start refused", "reason", problem, "client_ip", auth.AddrString(p.ClientIP.Of(r)))
		web.RenderMessage(w, http.StatusForbidden, "Sign-in refused", problem)
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxSSOQuery)
	if err := r.ParseForm(); err != nil {
		web.RenderMessage(w, http.StatusBadRequest, "Sign-in refused", "the request is too large or not a form")
		return
	}
	email := r.PostForm.Get("email")
	if who := p.signedInAs(r); who != "" && r.PostForm.Get(SSOReplaceField) != SSOReplaceValue {
		RenderSSOPage(w, http.StatusConflict, SSOPage{SignedInAs: who, Email: email, Asked: true})
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), p.Timeout)
	defer cancel()
	out, err := p.Identity.BeginSso(ctx, &identityv1.BeginSsoRequest{
		Email: email, ClientIp: auth.AddrString(p.ClientIP.Of(r))})
	if err != nil {
		p.refuse(w, r, err)
		return
	}
	http.SetCookie(w, p.cookie(ssoFlowCookie, out.GetFlow(), SSOCallbackPath, int(ssoFlowTTL.Seconds())))
	http.Redirect(w, r, out.GetAuthorizeUrl(), http.StatusSeeOther)
}

// signedInAs is the email of r's live session, or "" when it has none (or
// identity cannot say: the sign-in would replace a dead cookie anyway).
func (p SSOPages) signedInAs(r *http.Request) string {
	token, ok := p.Sessions.Token(r)
	if !ok {
		return ""
	}
	ctx, cancel := context.WithTimeout(r.Context(), p.Timeout)
	defer cancel()
	resolved, err := p.Sessions.Resolve(ctx, token, auth.AddrString(p.ClientIP.Of(r)))
	if err != nil {
		return ""
	}
	return resolved.GetEmail()
}

// ssoFlowTTL is the flow cookie's lifetime, identity's sso.FlowTTL.
const ssoFlowTTL = 10 * time.Minute

// callback completes the sign-in. The flow cookie is cleared whatever the
// outcome: a flow is used once.
func (p SSOPages) callback(w http.ResponseWriter, r *http.Request) {
	SetSSOHeaders(w.Header())
	http.SetCookie(w, p.cookie(ssoFlowCookie, "", SSOCallbackPath, -1))
	if len(r.URL.RawQuery) > maxSSOQuery {
		web.RenderMessage(w, http.StatusBadRequest, "Sign-in refused", "the request is too large")
		return
	}
	flow := ""
	if c, err := r.Cookie(ssoFlowCookie); err == nil {
		flow = c.Value
	}
	q := r.URL.Query()
	ctx, cancel := context.WithTimeout(r.Context(), p.Timeout)
	defer cancel()
	out, err := p.Identity.CompleteSso(ctx, &identityv1.CompleteSsoRequest{
		Code: q.Get("code"), State: q.Get("state"), Error: q.Get("error"), Flow: flow,
		ClientIp: auth.AddrString(p.ClientIP.Of(r)), UserAgent: r.UserAgent()})
	if err != nil {
		p.refuse(w, r, err)
		return
	}
	if token := out.GetSessionToken(); token != "" {
		expires, _ := time.Parse(time.RFC3339Nano, out.GetSessionExpiresTime())
		p.Sessions.SetCookie(w, token, expires) // the same cookie as a password sign-in's
	}
	web.RenderMessage(w, http.StatusOK, "Signed in",
		fmt.Sprintf("You are signed in as %s (%s).", out.GetEmail(), out.GetRole()))
}

// cookie is an HttpOnly, SameSite=Lax cookie: Lax, not Strict, because
// the provider's redirect back is a navigation from another site, which
// must carry the flow cookie.
func (p SSOPages) cookie(name, value, path string, maxAge int) *http.Cookie {
	//nolint:gosec // Secure follows the public URL: the devstack serves http on loopback, where a Secure cookie would never come back
	return &http.Cookie{Name: name, Value: value, Path: path, MaxAge: maxAge,
		HttpOnly: true, Secure: p.Secure, SameSite: http.SameSiteLaxMode}
}

// refuse shows identity's refusal on a page; an internal failure shows
// the generic message and is logged.
func (p SSOPages) refuse(w http.ResponseWriter, r *http.Request, err error) {
	mapped := envelope.FromError(err)
	if mapped.Hidden {
		p.Logger.ErrorContext(r.Context(), "single sign-on failed", "error", err.Error())
	}
	web.RenderMessage(w, mapped.HTTPStatus, "Sign-in refused", mapped.Error.Message)
}

// SecurePublicURL reports whether the gateway's public URL is https.
func SecurePublicURL(publicURL string) bool { return strings.HasPrefix(publicURL, "https://") }
