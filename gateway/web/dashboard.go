package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
)

// DashboardRoutes are the dashboard's paths (docs/dashboard.md): each gets
// the same page, and the application (./dashboard, built into
// static/dashboard) shows the one the path names. Anything else under /
// stays a JSON 404, so a mistyped API path never answers HTML.
var DashboardRoutes = []string{
	"/{$}",
	"/videos",
	"/videos/{video_id}",
	"/upload",
	"/live",
	"/live/{video_id}",
	"/folders",
	"/categories",
	"/developers",
	"/developers/keys",
	"/developers/jwt-keys",
	"/developers/hooks",
	"/developers/hooks/{hook_id}",
	"/analytics",
	"/players",
	"/players/{player_id}",
	"/developers/services",
	"/developers/services/{service_id}",
	"/team",
	"/team/sso",
	"/account",
	"/account/security",
	"/account/audit-log",
}

// dashboardPolicy is the page policy with every request of the application
// kept on this origin (it talks only to /v2), the player framed from here
// (/embed), and the page itself never framed.
var dashboardPolicy = strings.Replace(contentSecurityPolicy, "connect-src 'self' https: http:", "connect-src 'self'", 1) +
	"; frame-src 'self'; frame-ancestors 'none'"

type dashboardBundle struct {
	Script     string `json:"dashboard.js"`
	Stylesheet string `json:"dashboard.css"`
}

var loadDashboardBundle = sync.OnceValues(func() (dashboardBundle, error) {
	raw, err := staticFiles.ReadFile("static/dashboard/manifest.json")
	if err != nil {
		return dashboardBundle{}, fmt.Errorf("dashboard manifest: %w (run gateway/web/dashboard/build.sh)", err)
	}
	var names dashboardBundle
	if err := json.Unmarshal(raw, &names); err != nil || names.Script == "" || names.Stylesheet == "" {
		return dashboardBundle{}, fmt.Errorf("dashboard manifest is incomplete: %s", raw)
	}
	return names, nil
})

// DashboardHandler serves the dashboard's page. signedIn tells whether the
// request carries a session cookie at all: without one the visitor is sent
// to signInPath (the session package's /signin, which imports web and so
// is passed in), which brings them back (?next=). A cookie that is no
// longer valid is found by the application's first /v2 call, which does
// the same.
func DashboardHandler(signedIn func(*http.Request) bool, signInPath string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !signedIn(r) {
			http.Redirect(w, r, signInPath+"?next="+url.QueryEscape(SafeNext(r.URL.RequestURI())), http.StatusSeeOther)
			return
		}
		names, err := loadDashboardBundle()
		if err != nil {
			http.Error(w, "the dashboard is not built", http.StatusInternalServerError)
			return
		}
		prefix := StaticPath + "dashboard/"
		var body bytes.Buffer
		if err := pages.ExecuteTemplate(&body, "dashboard.html", assetURLs{Script: prefix + names.Script, Stylesheet: prefix + names.Stylesheet}); err != nil {
			http.Error(w, "the dashboard did not render", http.StatusInternalServerError)
			return
		}
		header := w.Header()
		header.Set("Content-Security-Policy", dashboardPolicy)
		header.Set("X-Frame-Options", "DENY")
		// The page holds no user data, only the current bundle's names:
		// revalidated on every visit so a new build is picked up at once.
		setPageHeaders(header, "no-cache")
		_, _ = body.WriteTo(w)
	})
}
