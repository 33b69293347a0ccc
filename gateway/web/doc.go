// Package web renders the playback pages (/watch/{video_id} and
// /embed/{video_id}) and serves the player's static files.
//
// The player itself is a Video.js-based bundle built from ./player (an npm
// project) into ./static/player and embedded in the binary, so a running
// gateway loads nothing from a CDN and a Go build needs no node. The pages
// are rendered with html/template; the video's configuration travels as JSON
// in a <script type="application/json"> element, read by the bundle.
//
// It also serves the dashboard (DashboardHandler), a Preact single-page
// application built the same way from ./dashboard into ./static/dashboard,
// the invite page, and the API reference. The sign-in, reset and single
// sign-on pages live with their endpoints in gateway/internal/session,
// which renders them through RenderCredentialPage.
package web
