package session

import (
	"bytes"
	"net/http"
	"strings"
)

// Single sign-on's paths (docs/identity-providers.md): the page that asks
// for an email, the start of the flow it posts to, and the callback the
// identity provider sends the browser back to.
const (
	SSOPath         = "/sso"
	SSOStartPath    = "/sso/start"
	SSOCallbackPath = "/sso/callback"
	// SSOReplaceField is the box a signed-in browser ticks to replace its
	// session with another account's; its value is SSOReplaceValue.
	SSOReplaceField = "replace_session"
	SSOReplaceValue = "yes"
)

// ssoPolicy is the page policy of the single sign-on pages: nothing but
// this origin's, never framed, and a form whose answer redirects to the
// identity provider, which is on another origin (browsers apply
// form-action to that redirect too).
var ssoPolicy = strings.Join([]string{
	"default-src 'none'",
	"style-src 'self'",
	"img-src 'self' data:",
	"base-uri 'none'",
	"form-action 'self' https: http:",
	"frame-ancestors 'none'",
}, "; ")

// SSOPage is what the single sign-on page shows.
type SSOPage struct {
	// SignedInAs is the email of the browser's live session, if any: the
	// page asks before a sign-in replaces it.
	SignedInAs string
	// Email refills the form when the page is shown again.
	Email string
	// Asked says the form came back without the replace box ticked.
	Asked bool
}

type ssoView struct {
	SSOPage
	Action, ReplaceField, ReplaceValue string
}

// RenderSSOPage writes the page where a person gives their email to sign
// in through their organisation's identity provider, with status.
func RenderSSOPage(w http.ResponseWriter, status int, page SSOPage) {
	var body bytes.Buffer
	view := ssoView{SSOPage: page, Action: SSOStartPath, ReplaceField: SSOReplaceField, ReplaceValue: SSOReplaceValue}
	if err := pages.ExecuteTemplate(&body, "sso.html", view); err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	SetSSOHeaders(w.Header())
	// The form's POST must carry this origin in Origin (login CSRF), which
	// browsers replace by "null" under no-referrer; same-origin still sends
	// nothing to the identity provider.
	w.Header().Set("Referrer-Policy", "same-origin")
	w.WriteHeader(status)
	_, _ = body.WriteTo(w)
}

// SetSSOHeaders sets the headers of every single sign-on answer: its page
// policy, no caching, no framing, and no Referer (the callback's address
// carries the provider's code).
func SetSSOHeaders(header http.Header) {
	header.Set("Content-Security-Policy", ssoPolicy)
	header.Set("X-Frame-Options", "DENY")
	header.Set("Referrer-Policy", "no-referrer")
	header.Set("Cache-Control", "no-store")
}
