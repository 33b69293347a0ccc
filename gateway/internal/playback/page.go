package playback

import (
	"errors"
	"net/http"

	"github.com/vidhost/vidhost/gateway/internal/beacons"
	"github.com/vidhost/vidhost/gateway/web"
	"github.com/vidhost/vidhost/pkg/viewticket"
	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"
)

// PlayerParam chooses the Player resource of an embed (?player=<id>).
const PlayerParam = "player"

// CollectPath receives the player's view events.
const CollectPath = "/collect"

// page serves /watch/{video_id} or /embed/{video_id}: the player with the
// video's sources, overlays and the chosen Player's settings, or a page
// saying why the video cannot be shown.
func (h *Handler) page(mode web.Mode) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if mode == web.ModeWatch {
			web.ForbidFraming(w.Header()) // its message pages too
		}
		v, g, err := h.lookup(r, false)
		if err != nil {
			h.refusePage(w, r, err)
			return
		}
		video := h.media.videoConfig(v, g)
		if !playable(video.Sources) {
			notPlayable(w, v)
			return
		}
		player, previewing := previewPlayer(r)
		if !previewing {
			player, err = h.players.get(r.Context(), v.GetAccountId(), r.URL.Query().Get(PlayerParam))
			if err != nil {
				h.logger.WarnContext(r.Context(), "playback: player settings unavailable, using defaults", "error", err)
			}
		}
		if previewing {
			w.Header().Set("Cache-Control", "private, no-store") // settings nobody saved
		}
		if g.token != "" {
			// The page embeds a viewer's token: no cache may keep it.
			w.Header().Set("Cache-Control", "private, no-store")
		}
		ticket := h.viewTicket(r, v, player, g)
		if ticket != "" && w.Header().Get("Cache-Control") == "" {
			// The ticket is this page load's: no shared cache may hand it on.
			w.Header().Set("Cache-Control", "private, no-cache")
		}
		page := web.PlayerPage{Mode: mode, Config: web.PlayerConfig{
			Video: video, Player: player,
			LeadURL:    leadURL(v.GetVideoId(), g),
			CollectURL: CollectPath, ViewTicket: ticket,
		}}
		if mode == web.ModeWatch && shareable(v) {
			page.Share = h.shareTags(v, h.publicBase(r))
		}
		if err := web.RenderPlayer(w, page); err != nil {
			h.logger.ErrorContext(r.Context(), "playback: render player", "error", err)
			web.RenderMessage(w, http.StatusInternalServerError, "Something went wrong", "The player could not be shown. Try again in a moment.")
		}
	}
}

// viewTicket is the view ticket of this page load (docs/analytics.md), or
// "" when its Player counts no views. The page was allowed (a private
// video's only with the viewer's credential), and the ticket dies with the
// media token that allowed it.
func (h *Handler) viewTicket(r *http.Request, v *catalogv1.PlaybackVideo, player web.Player, g grant) string {
	if player.Analytics == analyticsNone {
		return ""
	}
	return h.tickets.Issue(viewticket.Ticket{
		AccountID: v.GetAccountId(), VideoID: v.GetVideoId(), PlayerID: player.ID,
		Origin: beacons.Origin(r.Referer()),
	}, tokenExpiry(g.token))
}

// leadURL is where the player posts gate submissions; a private video's
// carries the token, since the lead endpoint checks access like media does.
func leadURL(videoID string, g grant) string {
	u := "/leads/" + videoID
	if g.token != "" {
		u += "?" + TokenParam + "=" + g.token
	}
	return u
}

func notPlayable(w http.ResponseWriter, v *catalogv1.PlaybackVideo) {
	if v.GetStatus() == "error" {
		web.RenderMessage(w, http.StatusNotFound, "This video is unavailable", "It could not be processed.")
		return
	}
	web.RenderMessage(w, http.StatusNotFound, "This video is not ready yet", "It is still being processed. Try again in a few minutes.")
}

// refusePage explains, in the page, why the video cannot be shown.
func (h *Handler) refusePage(w http.ResponseWriter, r *http.Request, err error) {
	status, _ := refusalStatus(err)
	h.logRefusal(r, status, err)
	switch {
	case errors.Is(err, errNotFound):
		web.RenderMessage(w, status, "This video is unavailable", "It may have been deleted, or the link is wrong.")
	case errors.Is(err, errDisabled):
		web.RenderMessage(w, status, "This video is unavailable", "Its owner has disabled it.")
	case errors.Is(err, errPrivate):
		web.RenderMessage(w, status, "This video is private", "Open it from the site that shared it, or sign in to watch it.")
	case errors.Is(err, errBadViewerToken):
		web.RenderMessage(w, status, "This video is private", "The link to it is invalid or has expired. Reload the page that shared it.")
	case errors.Is(err, errUpstream):
		web.RenderMessage(w, status, "This video cannot be shown right now", "Try again in a moment.")
	default:
		web.RenderMessage(w, status, "Something went wrong", "Try again in a moment.")
	}
}
