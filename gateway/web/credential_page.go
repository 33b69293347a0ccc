package web

import (
	"bytes"
	"embed"
	"html/template"
	"net/http"
	"path"
)

// RenderCredentialPage writes the template name of pages with view: a page
// that takes a password or a token (sign-in, invite, reset), so never
// cached, never framed and never sending its URL on. The sign-in pages
// (gateway/internal/session) bring their own templates.
func RenderCredentialPage(w http.ResponseWriter, pages *template.Template, name string, view any) {
	var body bytes.Buffer
	if err := pages.ExecuteTemplate(&body, name, view); err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	header := w.Header()
	setPageHeaders(header, "no-store")
	ForbidFraming(header)
	header.Set("Referrer-Policy", "no-referrer")
	w.WriteHeader(http.StatusOK)
	_, _ = body.WriteTo(w)
}

// PageAssets serves a page's embedded script and stylesheet: assets maps
// each request path to its content type, and the file served is base (in
// files) with the path's extension; a stylesheet comes after the shared
// tokens and card (theme.go).
func PageAssets(files embed.FS, assets map[string]string, base string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		contentType, ok := assets[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		raw, err := files.ReadFile(base + path.Ext(r.URL.Path))
		if err != nil {
			http.NotFound(w, r)
			return
		}
		if path.Ext(r.URL.Path) == ".css" {
			raw = themed(raw)
		}
		w.Header().Set("Content-Type", contentType)
		w.Header().Set("Cache-Control", "no-cache")
		http.ServeContent(w, r, "", embeddedModTime, bytes.NewReader(raw))
	})
}
