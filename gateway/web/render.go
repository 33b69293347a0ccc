package web

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"html/template"
	"net/http"
)

//go:embed templates
var templateFiles embed.FS

var pages = template.Must(template.ParseFS(templateFiles, "templates/*.html"))

type playerView struct {
	PlayerPage
	Assets assetURLs
	// ConfigJSON is encoding/json output, which escapes <, > and & (and
	// U+2028/9), so no value can close the <script> element it sits in.
	ConfigJSON template.JS
}

// RenderPlayer writes a watch or embed page. Nothing is written when it fails,
// so the caller can still answer with an error page. Headers the caller set
// beforehand (Cache-Control, Content-Security-Policy) are kept.
func RenderPlayer(w http.ResponseWriter, page PlayerPage) error {
	if page.Mode != ModeWatch && page.Mode != ModeEmbed {
		return fmt.Errorf("render player: unknown mode %q", page.Mode)
	}
	assets, err := bundleURLs()
	if err != nil {
		return fmt.Errorf("render player: %w", err)
	}
	config, err := json.Marshal(page.Config)
	if err != nil {
		return fmt.Errorf("render player: config: %w", err)
	}
	var body bytes.Buffer
	view := playerView{PlayerPage: page, Assets: assets, ConfigJSON: template.JS(config)} //nolint:gosec // G203: json.Marshal escapes <, > and &, so the JSON is safe in a script element
	if err := pages.ExecuteTemplate(&body, "player.html", view); err != nil {
		return fmt.Errorf("render player: %w", err)
	}
	setPageHeaders(w.Header(), "no-cache")
	w.WriteHeader(http.StatusOK)
	_, err = body.WriteTo(w)
	return err
}

type messageView struct{ Title, Text, Stylesheet string }

// RenderMessage writes a short page that says why a video cannot be shown,
// such as "This video is unavailable" (404, or a disabled video) or "This
// video is private" (403).
func RenderMessage(w http.ResponseWriter, status int, title, text string) {
	// Without the bundle the page still says its text, unstyled.
	assets, _ := bundleURLs()
	var body bytes.Buffer
	view := messageView{Title: title, Text: text, Stylesheet: assets.Stylesheet}
	if err := pages.ExecuteTemplate(&body, "message.html", view); err != nil {
		http.Error(w, title, status)
		return
	}
	setPageHeaders(w.Header(), "no-store")
	w.WriteHeader(status)
	_, _ = body.WriteTo(w)
}
