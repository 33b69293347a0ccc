package blob

import (
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/vidhost/vidhost/pkg/apperr"
)

// Handler serves the local driver's presigned URLs. Mount it at HandlerPath
// without stripping the prefix:
//
//	if local, ok := store.(*blob.Local); ok {
//		mux.Handle(blob.HandlerPath, local.Handler())
//	}
//
// PUT streams the body into the store with the signed size enforced (413 when
// larger, 400 when smaller; a Content-Length that differs is refused before
// reading). A PUT URL is write-once: when an object already exists at its
// key the PUT is refused with 409 (ErrObjectExists), so the URL of an upload
// that was completed, or deleted (the upload service leaves a tombstone at
// its key), cannot store bytes again while it is still valid. GET and HEAD
// serve the file through http.ServeContent, so Range, conditional requests
// and sendfile work. A bad or expired signature is 403.
// Failures carry Vidhost's JSON envelope.
func (l *Local) Handler() http.Handler {
	return http.HandlerFunc(l.serveHTTP)
}

func (l *Local) serveHTTP(w http.ResponseWriter, r *http.Request) {
	signedMethod := r.Method
	switch r.Method {
	case http.MethodPut, http.MethodGet:
	case http.MethodHead:
		signedMethod = http.MethodGet
	default:
		w.Header().Set("Allow", "GET, HEAD, PUT")
		writeError(w, apperr.CodeMethodNotAllowed, "")
		return
	}
	key, ok := strings.CutPrefix(r.URL.Path, HandlerPath)
	if !ok || ValidateKey(key) != nil {
		writeError(w, apperr.CodeInvalidArgument, "invalid object key")
		return
	}
	g, err := l.verify(r.URL.Query(), key, signedMethod, time.Now())
	if err != nil {
		writeError(w, apperr.CodePermissionDenied, err.Error())
		return
	}
	if r.Method == http.MethodPut {
		l.servePut(w, r, g)
		return
	}
	l.serveGet(w, r, key)
}

func (l *Local) servePut(w http.ResponseWriter, r *http.Request, g grant) {
	// Refuse a wrong Content-Length before reading a byte; a chunked body
	// (ContentLength -1) is checked by Put as it streams.
	if r.ContentLength >= 0 && r.ContentLength != g.size {
		err := &SizeMismatchError{Declared: g.size, Received: r.ContentLength}
		writeError(w, sizeCode(err), strings.TrimPrefix(err.Error(), "blob: "))
		return
	}
	if _, err := l.Stat(r.Context(), g.key); err == nil {
		writeError(w, apperr.CodeConflict, usedURL) // before reading a byte
		return
	}
	err := l.putNew(r.Context(), g.key, r.Body, g.size, r.Header.Get("Content-Type"))
	var mismatch *SizeMismatchError
	switch {
	case errors.Is(err, ErrObjectExists): // another PUT, or a tombstone, won the race
		writeError(w, apperr.CodeConflict, usedURL)
		return
	case errors.As(err, &mismatch):
		writeError(w, sizeCode(mismatch), strings.TrimPrefix(mismatch.Error(), "blob: "))
		return
	case errors.Is(err, ErrInvalidContentType):
		writeError(w, apperr.CodeInvalidArgument, "Content-Type must be a media type")
		return
	case err != nil:
		writeError(w, apperr.CodeInternal, "could not store the upload")
		return
	}
	if l.onPut != nil {
		l.onPut(r.Context(), g.key, g.size)
	}
	writeResult(w, map[string]any{"key": g.key, "size": g.size})
}

// usedURL is the 409 of a write-once URL whose key already holds an object.
const usedURL = "this URL has already been used: the upload is complete or was deleted"

// sizeCode is 413 body_too_large for a body over the signed size, 400
// invalid_argument for one short of it.
func sizeCode(err *SizeMismatchError) string {
	if err.TooLarge() {
		return apperr.CodeBodyTooLarge
	}
	return apperr.CodeInvalidArgument
}

func (l *Local) serveGet(w http.ResponseWriter, r *http.Request, key string) {
	f, info, err := l.openFile(key)
	if errors.Is(err, ErrNotFound) {
		writeError(w, apperr.CodeNotFound, "")
		return
	}
	if err != nil {
		writeError(w, apperr.CodeInternal, "could not read the object")
		return
	}
	defer f.Close()
	w.Header().Set("Content-Type", info.ContentType)
	w.Header().Set("ETag", `"`+info.ETag+`"`)
	http.ServeContent(w, r, "", info.ModTime, f)
}
