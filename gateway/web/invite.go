package web

import (
	"bytes"
	"embed"
	"net/http"
	"path"
)

// InvitePath is the page an invite's link opens (docs/invites.md); the
// form posts to the same path.
const InvitePath = "/invites/accept"

//go:embed invite
var inviteFiles embed.FS

// inviteAssets are the page's script and stylesheet, served beside it; the
// page is tiny and changes rarely, so they are not content-hashed.
var inviteAssets = map[string]string{
	InvitePath + ".js":  "text/javascript; charset=utf-8",
	InvitePath + ".css": "text/css; charset=utf-8",
}

type inviteView struct {
	Action, Script, Stylesheet string
	MinPassword, MaxPassword   int
}

// RenderInvitePage writes the invite page: a form for a name and a new
// password, whose script reads the token from the link's fragment.
func RenderInvitePage(w http.ResponseWriter, minPassword, maxPassword int) {
	view := inviteView{
		Action: InvitePath, Script: InvitePath + ".js", Stylesheet: InvitePath + ".css",
		MinPassword: minPassword, MaxPassword: maxPassword,
	}
	var body bytes.Buffer
	if err := pages.ExecuteTemplate(&body, "invite.html", view); err != nil {
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

// InviteAssetHandler serves the page's script and stylesheet.
func InviteAssetHandler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		contentType, ok := inviteAssets[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		raw, err := inviteFiles.ReadFile("invite/accept" + path.Ext(r.URL.Path))
		if err != nil {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", contentType)
		w.Header().Set("Cache-Control", "no-cache")
		http.ServeContent(w, r, "", embeddedModTime, bytes.NewReader(raw))
	})
}
