package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"
)

// APIReferencePath is the API reference page: Redoc (built from ./apiref
// into static/apiref) rendering the OpenAPI document at APISpecPath.
const (
	APIReferencePath = "/docs/api"
	APISpecPath      = "/v2/openapi.json"
)

// apirefPolicy is the page policy plus inline styles: Redoc styles itself
// with styled-components, which writes <style> elements at run time. The
// page still runs no inline script.
var apirefPolicy = strings.Replace(contentSecurityPolicy, "style-src 'self'", "style-src 'self' 'unsafe-inline'", 1) +
	"; frame-ancestors 'none'"

type apirefBundle struct {
	Redoc   string `json:"redoc.js"`
	Starter string `json:"apiref.js"`
}

var loadAPIRefBundle = sync.OnceValues(func() (apirefBundle, error) {
	raw, err := staticFiles.ReadFile("static/apiref/manifest.json")
	if err != nil {
		return apirefBundle{}, fmt.Errorf("api reference manifest: %w (run gateway/web/apiref/build.sh)", err)
	}
	var names apirefBundle
	if err := json.Unmarshal(raw, &names); err != nil || names.Redoc == "" || names.Starter == "" {
		return apirefBundle{}, fmt.Errorf("api reference manifest is incomplete: %s", raw)
	}
	return names, nil
})

type apirefView struct{ Redoc, Starter, Spec string }

// APIReferenceHandler serves the reference page. It needs StaticPath
// mounted (the bundle) and the document at APISpecPath, both without
// authentication.
func APIReferenceHandler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		names, err := loadAPIRefBundle()
		if err != nil {
			http.Error(w, "the API reference is not built", http.StatusInternalServerError)
			return
		}
		view := apirefView{Redoc: StaticPath + "apiref/" + names.Redoc, Starter: StaticPath + "apiref/" + names.Starter, Spec: APISpecPath}
		var body bytes.Buffer
		if err := pages.ExecuteTemplate(&body, "apiref.html", view); err != nil {
			http.Error(w, "the API reference did not render", http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Security-Policy", apirefPolicy)
		w.Header().Set("X-Frame-Options", "DENY")
		setPageHeaders(w.Header(), "public, no-cache")
		_, _ = w.Write(body.Bytes())
	})
}
