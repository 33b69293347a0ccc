package web

import (
	"bytes"
	"embed"
	"net/http"
	"path"
)

// Sign-in pages (docs/authentication.md). The form posts JSON to
// SessionPath, which sets the session cookie.
const (
	SignInPath  = "/signin"
	SignOutPath = "/signout"
	// ResetPath is the page a password reset link opens (#token=…), and
	// where it posts the new password; ResetPath+"/request" asks for a link.
	ResetPath = "/reset-password"
	// SessionPath is the gateway's /v2 endpoint of the session itself.
	SessionPath = "/v2/session"
)

//go:embed signin
var signInFiles embed.FS

// signInAssets are the pages' script and stylesheet, shared by /signin and
// /signout.
var signInAssets = map[string]string{
	SignInPath + ".js":  "text/javascript; charset=utf-8",
	SignInPath + ".css": "text/css; charset=utf-8",
}

type signInView struct {
	Session, Reset, SSO, Script, Stylesheet string
}

// RenderSignInPage writes /signin: email and password, then a code step
// when the user has multi-factor codes.
func RenderSignInPage(w http.ResponseWriter) { renderSignIn(w, "signin.html") }

// RenderSignOutPage writes /signout: one button that ends the session.
func RenderSignOutPage(w http.ResponseWriter) { renderSignIn(w, "signout.html") }

// RenderResetPage writes /reset-password: an email to mail a link to or,
// opened from the link, a new password.
func RenderResetPage(w http.ResponseWriter) { renderSignIn(w, "reset.html") }

func renderSignIn(w http.ResponseWriter, name string) {
	view := signInView{Session: SessionPath, Reset: ResetPath, SSO: SSOPath, Script: SignInPath + ".js", Stylesheet: SignInPath + ".css"}
	var body bytes.Buffer
	if err := pages.ExecuteTemplate(&body, name, view); err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	header := w.Header()
	setPageHeaders(header, "no-store")
	// The page takes a password: never framed, never sending its URL on.
	ForbidFraming(header)
	header.Set("Referrer-Policy", "no-referrer")
	w.WriteHeader(http.StatusOK)
	_, _ = body.WriteTo(w)
}

// SignInAssetHandler serves the pages' script and stylesheet.
func SignInAssetHandler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		contentType, ok := signInAssets[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		raw, err := signInFiles.ReadFile("signin/signin" + path.Ext(r.URL.Path))
		if err != nil {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", contentType)
		w.Header().Set("Cache-Control", "no-cache")
		http.ServeContent(w, r, "", embeddedModTime, bytes.NewReader(raw))
	})
}
