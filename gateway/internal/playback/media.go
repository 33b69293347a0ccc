package playback

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/vidhost/vidhost/pkg/blob"
	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"
)

// maxRewritten bounds a manifest or sprite index read into memory to be
// rewritten; real ones are a few kilobytes.
const maxRewritten = 8 << 20

// serveMedia serves GET and HEAD /media/{video_id}/{path...}: a file of the
// video's media folder, videos/<account>/<video>/<path> in the blob store.
func (h *Handler) serveMedia(w http.ResponseWriter, r *http.Request) {
	setCORS(w.Header())
	filePath := r.PathValue("path")
	kind, known := mediaTypeOf(filePath)
	// ValidateKey refuses "..", empty and dot-led segments, and anything
	// outside a URL-safe charset, so the key stays in the video's folder.
	if !known || blob.ValidateKey(filePath) != nil {
		http.Error(w, "Not found", http.StatusNotFound)
		return
	}
	v, g, err := h.lookup(r, true)
	if err != nil {
		h.refuseMedia(w, r, err)
		return
	}
	key, err := blob.VideoKey(v.GetAccountId(), v.GetVideoId(), filePath)
	if err != nil { // the catalog's ids are malformed: nothing safe to serve
		h.refuseMedia(w, r, err)
		return
	}
	private := g.token != ""
	rewrite := rewriterFor(v, filePath, kind)
	if !private {
		rewrite = noRewrite
	}
	if (kind.kind == kindManifest || rewrite != noRewrite) && h.serveCached(w, r, key, kind, rewrite, g.token) {
		return
	}
	if rewrite != noRewrite {
		h.serveRewritten(w, r, key, kind, func(body []byte) []byte { return rewriters[rewrite](body, TokenParam+"="+g.token) })
		return
	}
	h.serveObject(w, r, key, kind, cacheControl(kind.kind, private))
}

// rewriterFor returns how a private video's file must be rewritten so the
// URLs inside it carry the token, or noRewrite when it is served as stored.
func rewriterFor(v *catalogv1.PlaybackVideo, filePath string, kind mediaType) rewriter {
	switch {
	case strings.HasSuffix(strings.ToLower(filePath), ".m3u8"):
		return rewriteHLSPlaylist
	case kind.kind == kindManifest:
		return rewriteDASHManifest
	case filePath == v.GetSpriteIndexPath():
		return rewriteSprites
	}
	return noRewrite
}

func (h *Handler) serveObject(w http.ResponseWriter, r *http.Request, key string, kind mediaType, cache string) {
	content, info, err := openObject(r.Context(), h.store, key)
	if err != nil {
		h.storeError(w, r, err)
		return
	}
	defer content.Close()
	header := w.Header()
	header.Set("Content-Type", kind.contentType)
	header.Set("Cache-Control", cache)
	header.Set("X-Content-Type-Options", "nosniff")
	if info.ETag != "" {
		header.Set("ETag", quoteETag(info.ETag))
	}
	extendWriteDeadline(w, info.Size)
	http.ServeContent(w, r, "", info.ModTime, content)
}

func (h *Handler) serveRewritten(w http.ResponseWriter, r *http.Request, key string, kind mediaType, rewrite func([]byte) []byte) {
	content, info, err := h.store.Open(r.Context(), key)
	if err != nil {
		h.storeError(w, r, err)
		return
	}
	defer content.Close()
	body, err := io.ReadAll(io.LimitReader(content, maxRewritten+1))
	if err == nil && len(body) > maxRewritten {
		err = fmt.Errorf("%s is larger than %d bytes", key, maxRewritten)
	}
	if err != nil {
		h.storeError(w, r, err)
		return
	}
	header := w.Header()
	header.Set("Content-Type", kind.contentType)
	header.Set("Cache-Control", cacheControl(kind.kind, true))
	header.Set("X-Content-Type-Options", "nosniff")
	http.ServeContent(w, r, "", info.ModTime, bytes.NewReader(rewrite(body)))
}

// quoteETag makes a store's ETag (bare on Local, often bare from S3) an
// HTTP entity tag.
func quoteETag(etag string) string {
	if strings.HasPrefix(etag, `"`) || strings.HasPrefix(etag, `W/"`) {
		return etag
	}
	return `"` + etag + `"`
}

// extendWriteDeadline gives a big download time beyond the server's write
// timeout: a minute, plus a second per 64 KiB (a 500 kbit/s viewer).
func extendWriteDeadline(w http.ResponseWriter, size int64) {
	deadline := time.Now().Add(time.Minute + time.Duration(size/(64<<10))*time.Second)
	_ = http.NewResponseController(w).SetWriteDeadline(deadline)
}
