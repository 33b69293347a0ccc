package web

import (
	"embed"
	"net/http"
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
	RenderCredentialPage(w, pages, "invite.html", view)
}

// InviteAssetHandler serves the page's script and stylesheet.
func InviteAssetHandler() http.Handler { return PageAssets(inviteFiles, inviteAssets, "invite/accept") }
