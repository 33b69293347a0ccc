package playback

import (
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/vidhost/vidhost/gateway/web"
	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/envelope"
	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"
)

// OEmbedPath answers oEmbed requests (https://oembed.com) for the watch and
// embed pages of public and unlisted videos.
const OEmbedPath = "/oembed"

// ProviderName is the provider_name of oEmbed answers and og:site_name.
const ProviderName = "Vidhost"

// oEmbedDefaultWidth is the frame width offered when the consumer sets no
// maxwidth: a common embed size, the height following the video's aspect.
const oEmbedDefaultWidth = 640

// oEmbed is the answer of type "video" (oEmbed 1.0, section 2.3.4).
type oEmbed struct {
	Type            string `json:"type"`
	Version         string `json:"version"`
	Title           string `json:"title"`
	ProviderName    string `json:"provider_name"`
	ProviderURL     string `json:"provider_url"`
	HTML            string `json:"html"`
	Width           int    `json:"width"`
	Height          int    `json:"height"`
	ThumbnailURL    string `json:"thumbnail_url,omitempty"`
	ThumbnailWidth  int    `json:"thumbnail_width,omitempty"`
	ThumbnailHeight int    `json:"thumbnail_height,omitempty"`
}

// serveOEmbed answers GET /oembed?url=<watch or embed URL>&format=json.
// A private, disabled, unknown or unplayable video is a 404, the same
// answer as a URL that is not ours: the endpoint tells nobody that a
// private video exists.
func (h *Handler) serveOEmbed(w http.ResponseWriter, r *http.Request) {
	query := r.URL.Query()
	if format := query.Get("format"); format != "" && format != "json" {
		envelope.WriteError(w, apperr.CodeFormatNotImplemented, "")
		return
	}
	base := h.publicBase(r)
	videoID, ok := videoOfPageURL(query.Get("url"), base)
	if !ok {
		envelope.WriteError(w, apperr.CodeNotFound, "url is not the watch or embed page of a video")
		return
	}
	v, err := h.videos.get(r.Context(), videoID)
	if errors.Is(err, errUpstream) {
		h.logger.WarnContext(r.Context(), "playback: oembed", "error", err)
		envelope.WriteError(w, apperr.CodeUnavailable, "")
		return
	}
	if err != nil || !shareable(v) || !playable(h.media.sources(v, grant{})) {
		envelope.WriteError(w, apperr.CodeNotFound, "no public or unlisted video at url")
		return
	}
	maxWidth, errW := optionalPositive(query, "maxwidth")
	maxHeight, errH := optionalPositive(query, "maxheight")
	if err := errors.Join(errW, errH); err != nil {
		envelope.WriteError(w, apperr.CodeInvalidArgument, err.Error())
		return
	}
	answer := h.oEmbedFor(v, base, maxWidth, maxHeight)
	body, err := json.Marshal(answer)
	if err != nil {
		envelope.WriteError(w, apperr.CodeInternal, "")
		return
	}
	w.Header().Set("Content-Type", "application/json")
	// Consumers fetch it from their servers, or from pages: any origin.
	w.Header().Set("Access-Control-Allow-Origin", "*")
	// Short: a video turned private must stop being described soon.
	w.Header().Set("Cache-Control", "public, max-age=60")
	_, _ = w.Write(body)
}

// shareable reports whether v may be described to anyone: enabled and
// public or unlisted. Never a private video, even to its owner.
func shareable(v *catalogv1.PlaybackVideo) bool {
	return v.GetEnabled() && (v.GetPrivacy() == "public" || v.GetPrivacy() == "unlisted")
}

func (h *Handler) oEmbedFor(v *catalogv1.PlaybackVideo, base string, maxWidth, maxHeight int) oEmbed {
	width, height := frameSize(int(v.GetWidth()), int(v.GetHeight()), maxWidth, maxHeight)
	embed := base + "/embed/" + v.GetVideoId()
	answer := oEmbed{
		Type: "video", Version: "1.0", Title: v.GetName(),
		ProviderName: ProviderName, ProviderURL: base + "/",
		HTML: fmt.Sprintf(`<iframe src="%s" width="%d" height="%d" style="border: 0;" `+
			`allow="autoplay; fullscreen; picture-in-picture" allowfullscreen title="%s"></iframe>`,
			html.EscapeString(embed), width, height, html.EscapeString(v.GetName())),
		Width: width, Height: height,
	}
	if thumbnail := h.media.url(v.GetVideoId(), v.GetThumbnailPath(), grant{}); v.GetThumbnailPath() != "" && v.GetWidth() > 0 {
		// The thumbnail is drawn at the video's size (the transcoder's top rung).
		answer.ThumbnailURL = absolute(thumbnail, base)
		answer.ThumbnailWidth, answer.ThumbnailHeight = int(v.GetWidth()), int(v.GetHeight())
	}
	return answer
}

// frameSize is oEmbedDefaultWidth at the video's aspect (16:9 when it is
// unknown), scaled down to fit maxWidth and maxHeight (0: no limit).
func frameSize(videoWidth, videoHeight, maxWidth, maxHeight int) (int, int) {
	if videoWidth <= 0 || videoHeight <= 0 {
		videoWidth, videoHeight = 16, 9
	}
	width := oEmbedDefaultWidth
	if maxWidth > 0 && maxWidth < width {
		width = maxWidth
	}
	height := max(1, width*videoHeight/videoWidth)
	if maxHeight > 0 && height > maxHeight {
		height = maxHeight
		width = max(1, height*videoWidth/videoHeight)
	}
	return width, height
}

// videoOfPageURL returns the video id of raw when it is a watch or embed
// page under base (scheme and host compared, a trailing slash allowed).
func videoOfPageURL(raw, base string) (string, bool) {
	page, err := url.Parse(raw)
	if err != nil || raw == "" {
		return "", false
	}
	ours, err := url.Parse(base)
	if err != nil || !strings.EqualFold(page.Host, ours.Host) || !strings.EqualFold(page.Scheme, ours.Scheme) {
		return "", false
	}
	rest, ok := strings.CutPrefix(page.Path, strings.TrimSuffix(ours.Path, "/")+"/")
	if !ok {
		return "", false
	}
	for _, prefix := range []string{"watch/", "embed/"} {
		if id, found := strings.CutPrefix(strings.TrimSuffix(rest, "/"), prefix); found && id != "" && !strings.Contains(id, "/") {
			return id, true
		}
	}
	return "", false
}

func optionalPositive(query url.Values, name string) (int, error) {
	raw := query.Get(name)
	if raw == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(raw)
	if err != nil || n < 1 || n > 100_000 {
		return 0, fmt.Errorf("%s must be a whole number from 1 to 100000", name)
	}
	return n, nil
}

// absolute makes a media URL absolute against base (a media base on the
// gateway itself may be a bare path).
func absolute(u, base string) string {
	if strings.HasPrefix(u, "http://") || strings.HasPrefix(u, "https://") {
		return u
	}
	return base + u
}

// publicBase is the gateway's public URL without a trailing slash: the
// configured one, or else this request's scheme and host.
func (h *Handler) publicBase(r *http.Request) string {
	if h.publicURL != "" {
		return h.publicURL
	}
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	return scheme + "://" + r.Host
}

// shareTags describes v for link previews: the frame of its oEmbed answer,
// its thumbnail, and the discovery link to that answer.
func (h *Handler) shareTags(v *catalogv1.PlaybackVideo, base string) *web.ShareTags {
	width, height := frameSize(int(v.GetWidth()), int(v.GetHeight()), 0, 0)
	watch := base + "/watch/" + v.GetVideoId()
	tags := &web.ShareTags{
		Title: v.GetName(), WatchURL: watch, EmbedURL: base + "/embed/" + v.GetVideoId(),
		OEmbedURL: base + OEmbedPath + "?" + url.Values{"url": {watch}, "format": {"json"}}.Encode(),
		Width:     width, Height: height,
	}
	if v.GetThumbnailPath() != "" {
		tags.ImageURL = absolute(h.media.url(v.GetVideoId(), v.GetThumbnailPath(), grant{}), base)
	}
	return tags
}
