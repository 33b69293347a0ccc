package session

import (
	"embed"
	"html/template"
	"net/http"

	"github.com/vidhost/vidhost/gateway/web"
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

//go:embed templates
var templateFiles embed.FS

// pages are the templates of the sign-in, sign-out, reset and single
// sign-on pages.
var pages = template.Must(template.ParseFS(templateFiles, "templates/*.html"))

// signInAssets are the pages' script and stylesheet, shared by /signin and
// /signout.
var signInAssets = map[string]string{
	SignInPath + ".js":  "text/javascript; charset=utf-8",
	SignInPath + ".css": "text/css; charset=utf-8",
}

type signInView struct {
	Session, Reset, SSO, Script, Stylesheet string
	// Next is where the page sends a signed-in user: ?next= through
	// web.SafeNext, so the script never reads the raw parameter.
	Next string
}

// RenderSignInPage writes /signin: email and password, then a code step
// when the user has multi-factor codes. next is the raw ?next=.
func RenderSignInPage(w http.ResponseWriter, next string) {
	view := signInPageView()
	view.Next = web.SafeNext(next)
	web.RenderCredentialPage(w, pages, "signin.html", view)
}

// RenderSignOutPage writes /signout: one button that ends the session.
func RenderSignOutPage(w http.ResponseWriter) { renderSignIn(w, "signout.html") }

// RenderResetPage writes /reset-password: an email to mail a link to or,
// opened from the link, a new password.
func RenderResetPage(w http.ResponseWriter) { renderSignIn(w, "reset.html") }

func renderSignIn(w http.ResponseWriter, name string) {
	view := signInPageView()
	view.Next = "/"
	web.RenderCredentialPage(w, pages, name, view)
}

func signInPageView() signInView {
	return signInView{Session: SessionPath, Reset: ResetPath, SSO: SSOPath,
		Script: SignInPath + ".js", Stylesheet: SignInPath + ".css"}
}

// SignInAssetHandler serves the pages' script and stylesheet.
func SignInAssetHandler() http.Handler {
	return web.PageAssets(signInFiles, signInAssets, "signin/signin")
}
