package playback

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/vidhost/vidhost/gateway/internal/tokens"
	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"
)

// JWTParam is the query parameter that carries a viewer JWT.
const JWTParam = "jwt"

var (
	// errDisabled: the video exists but its owner turned enabled off.
	errDisabled = errors.New("video disabled")
	// errPrivate: a private video and no credential at all.
	errPrivate = errors.New("video is private")
	// errBadMediaToken: a media token that is expired or not for this video.
	errBadMediaToken = errors.New("media token refused")
)

// SessionVerifier is the hook for the dashboard's session cookie, which lets
// signed-in users watch their account's private videos without a JWT. The
// gateway passes its session.Sessions; nil accepts no cookie (docs/playback.md).
// The media tokens a session opens are bound to it: they name it by ref,
// expire with it at the latest, and open nothing once it ended or without
// its cookie.
type SessionVerifier interface {
	// ViewSession reports whether r carries a live session of a user of
	// accountID who may watch the account's videos, with a reference to
	// the session (no dot, at most 60 bytes) and when it expires.
	ViewSession(r *http.Request, accountID string) (ref string, expires time.Time, ok bool)
	// SessionLive reports whether r carries the session ref names, still
	// live and of accountID.
	SessionLive(r *http.Request, ref, accountID string) bool
}

// sessionKeyPrefix marks a media token's kid as a session reference; no
// JWT key id contains it.
const sessionKeyPrefix = "s~"

// grant is the outcome of a successful access check.
type grant struct {
	// token is the media token every URL handed to this viewer carries;
	// empty for videos anyone may watch.
	token string
}

// authorize decides whether r may see video v. mediaTokens says whether a
// media token (?token=) counts, which it does for media files and leads but
// not for pages: a page needs the viewer's own credential.
func (h *Handler) authorize(r *http.Request, v *catalogv1.PlaybackVideo, mediaTokens bool) (grant, error) {
	if !v.GetEnabled() {
		return h.memberGrant(r, v, mediaTokens)
	}
	if v.GetPrivacy() != "private" {
		return grant{}, nil // public and unlisted: anyone with the link
	}
	query := r.URL.Query()
	if token := query.Get(TokenParam); mediaTokens && token != "" {
		ok, err := h.mediaTokenValid(r, v, token)
		if err != nil {
			return grant{}, err
		}
		if ok {
			// The same token goes on: following a playlist never extends it.
			return grant{token: token}, nil
		}
		if query.Get(JWTParam) == "" {
			return grant{}, errBadMediaToken
		}
	}
	if raw := query.Get(JWTParam); raw != "" && h.platform != nil && strings.HasPrefix(raw, tokens.Prefix) {
		return h.viewerToken(raw, v)
	}
	if raw := query.Get(JWTParam); raw != "" {
		viewer, err := h.viewers.verify(r.Context(), raw, v.GetAccountId(), v.GetVideoId())
		if err != nil {
			return grant{}, err
		}
		// The token dies with the JWT: at its exp, and with its key.
		return h.liveGrant(h.tokens.MintFor(v.GetVideoId(), viewer.keyID, viewer.expires))
	}
	if h.sessions == nil {
		return grant{}, errPrivate
	}
	if ref, expires, ok := h.sessions.ViewSession(r, v.GetAccountId()); ok {
		// The token dies with the session: at its expiry, and when it ends.
		return h.liveGrant(h.tokens.MintFor(v.GetVideoId(), sessionKeyPrefix+ref, expires))
	}
	return grant{}, errPrivate
}

// memberGrant decides a disabled video: the account's own signed-in
// people still see it in the dashboard (its thumbnail in the list, its
// preview), through their session cookie or a media token minted for that
// session; anyone else, whatever credential they hold (a link, a viewer
// JWT or token), gets errDisabled. The grant always carries a token bound
// to the session, so what it opens is served as private: never cached
// publicly, and worth nothing without the cookie.
func (h *Handler) memberGrant(r *http.Request, v *catalogv1.PlaybackVideo, mediaTokens bool) (grant, error) {
	if h.sessions == nil {
		return grant{}, errDisabled
	}
	if token := r.URL.Query().Get(TokenParam); mediaTokens && token != "" {
		keyID, ok := h.tokens.Verify(v.GetVideoId(), token)
		if ref, session := strings.CutPrefix(keyID, sessionKeyPrefix); ok && session && h.sessions.SessionLive(r, ref, v.GetAccountId()) {
			return grant{token: token}, nil
		}
	}
	ref, expires, ok := h.sessions.ViewSession(r, v.GetAccountId())
	if !ok {
		return grant{}, errDisabled
	}
	g, err := h.liveGrant(h.tokens.MintFor(v.GetVideoId(), sessionKeyPrefix+ref, expires))
	if err != nil {
		return grant{}, errDisabled
	}
	return g, nil
}

// viewerToken grants v to a viewer token minted for it (docs/tokens.md):
// the media tokens it opens die with it, as with a viewer JWT, but nothing
// revokes it sooner (no JWT key to delete: keep its ttl short).
func (h *Handler) viewerToken(raw string, v *catalogv1.PlaybackVideo) (grant, error) {
	claims, err := h.platform.Verify(raw)
	if err != nil {
		return grant{}, fmt.Errorf("%w: %w", errBadViewerToken, err)
	}
	if claims.Type != tokens.TypeViewer || claims.AccountID != v.GetAccountId() || claims.VideoID != v.GetVideoId() {
		return grant{}, fmt.Errorf("%w: a token of another kind or video", errBadViewerToken)
	}
	return h.liveGrant(h.tokens.MintFor(v.GetVideoId(), "", claims.ExpiresTime()))
}

// liveGrant grants token unless it is already dead. A viewer JWT passes
// within ClockSkew of its exp, but the media token minted from it expires
// at that exp: a page or manifest served then would hand the player a
// token every segment refuses. Tokens.Alive is the check the segments
// make, so page, manifest and segments agree. No margin beyond that: a
// JWT with a second left is still valid by its issuer's own exp, and
// refusing it early would move the expiry the issuer chose; whoever mints
// a short-lived JWT chooses a short watch.
func (h *Handler) liveGrant(token string) (grant, error) {
	if !h.tokens.Alive(token) {
		return grant{}, fmt.Errorf("%w: it has expired (the media token it opens would be dead)", errBadViewerToken)
	}
	return grant{token: token}, nil
}

// lookup finds the video of r's {video_id} and checks r may see it.
func (h *Handler) lookup(r *http.Request, mediaTokens bool) (*catalogv1.PlaybackVideo, grant, error) {
	v, err := h.videos.get(r.Context(), r.PathValue("video_id"))
	if err != nil {
		return nil, grant{}, err
	}
	g, err := h.authorize(r, v, mediaTokens)
	if err != nil {
		return v, grant{}, fmt.Errorf("video %s: %w", v.GetVideoId(), err)
	}
	return v, g, nil
}

// mediaTokenValid checks a media token and, when it was minted from a
// viewer JWT, that the JWT's key still exists: deleting a key revokes the
// tokens it opened. The lookup shares the JWT key cache, which the gateway
// evicts when it serves the delete; err is set when identity could not be
// asked. A token minted for a session needs that session, live, on r.
func (h *Handler) mediaTokenValid(r *http.Request, v *catalogv1.PlaybackVideo, token string) (bool, error) {
	keyID, ok := h.tokens.Verify(v.GetVideoId(), token)
	if !ok || keyID == "" {
		return ok, nil
	}
	if ref, session := strings.CutPrefix(keyID, sessionKeyPrefix); session {
		return h.sessions != nil && h.sessions.SessionLive(r, ref, v.GetAccountId()), nil
	}
	key, err := h.viewers.keys.lookup(r.Context(), v.GetAccountId(), keyID)
	if err != nil {
		return false, err
	}
	return key.found, nil
}
