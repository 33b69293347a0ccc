package web

import (
	"bytes"
	"net/http"
	"strings"
)

// Single sign-on's paths (docs/identity-providers.md): the page that asks
// for an email, the start of the flow it submits to, and the callback the
// identity provider sends the browser back to.
const (
	SSOPath         = "/sso"
	SSOStartPath    = "/sso/start"
	SSOCallbackPath = "/sso/callback"
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

type ssoView struct{ Action string }

// RenderSSOPage writes the page where a person gives their email to sign
// in through their organisation's identity provider.
func RenderSSOPage(w http.ResponseWriter) {
	var body bytes.Buffer
	if err := pages.ExecuteTemplate(&body, "sso.html", ssoView{Action: SSOStartPath}); err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	SetSSOHeaders(w.Header())
	w.WriteHeader(http.StatusOK)
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
