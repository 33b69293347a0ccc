package playback

import (
	"bytes"
	"net/http"
	"strconv"
)

// Header values of cached responses, shared: net/http only reads them.
var (
	headerNoSniff        = []string{"nosniff"}
	headerAcceptRanges   = []string{"bytes"}
	headerPrivateNoStore = []string{cacheControl(kindManifest, true)}
)

// serveCached serves a manifest (or a private video's sprite index) from
// the manifest cache, rewritten for token when rewrite says so. It reports
// false, having written nothing, for a file too large to cache.
func (h *Handler) serveCached(w http.ResponseWriter, r *http.Request, key string, kind mediaType, rewrite rewriter, token string) bool {
	m, err := h.manifests.get(r.Context(), key)
	if err != nil {
		h.storeError(w, r, err)
		return true
	}
	if m == nil {
		return false
	}
	header := w.Header()
	header["Content-Type"] = kind.contentTypeHeader
	header["X-Content-Type-Options"] = headerNoSniff
	if rewrite == noRewrite {
		header["Cache-Control"] = kind.publicCacheControl
		if m.etag != nil {
			header["Etag"] = m.etag // the canonical form, which ServeContent reads
		}
		writeCached(w, r, m, m.body, m.contentLength)
		return true
	}
	// Rewritten files carry a viewer's token: never stored, no ETag.
	header["Cache-Control"] = headerPrivateNoStore
	query := TokenParam + "=" + token
	if !m.kept { // a file still changing: rewritten for this request only
		body := rewriters[rewrite](m.body, query)
		writeCached(w, r, m, body, []string{strconv.Itoa(len(body))})
		return true
	}
	template := h.manifests.template(m, rewrite)
	buf := renderBuffers.Get().(*[]byte)
	if need := template.sizeHint(len(query)); cap(*buf) < need {
		*buf = make([]byte, 0, need)
	}
	body := template.render((*buf)[:0], query)
	writeCached(w, r, m, body, []string{strconv.Itoa(len(body))})
	if cap(body) <= maxPooledBuffer {
		*buf = body[:0]
		renderBuffers.Put(buf)
	}
	return true
}

// writeCached sends body as http.ServeContent would: a plain GET or HEAD
// gets the 200 straight away, with the header values made once; a
// conditional or ranged request goes through ServeContent itself.
func writeCached(w http.ResponseWriter, r *http.Request, m *manifest, body []byte, contentLength []string) {
	if len(body) > smallFile { // the server's write timeout covers the rest at any sane speed
		extendWriteDeadline(w, int64(len(body)))
	}
	if needsServeContent(r.Header) {
		http.ServeContent(w, r, "", m.modTime(), bytes.NewReader(body))
		return
	}
	header := w.Header()
	header["Last-Modified"] = m.lastModified
	header["Accept-Ranges"] = headerAcceptRanges
	header["Content-Length"] = contentLength
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
}

// needsServeContent reports whether a request asks for more than the whole
// file: a range or a precondition.
func needsServeContent(h http.Header) bool {
	for _, name := range [...]string{"Range", "If-Match", "If-None-Match", "If-Modified-Since", "If-Unmodified-Since", "If-Range"} {
		if _, ok := h[name]; ok {
			return true
		}
	}
	return false
}
