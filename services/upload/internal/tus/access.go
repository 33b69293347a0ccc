package tus

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/grpcx"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/pkg/roles"
	"github.com/vidhost/vidhost/pkg/uploadref"
	"github.com/vidhost/vidhost/services/upload/internal/upload"
)

// access checks every request before tusd sees it: the principal the
// gateway signed, and that an existing tus upload belongs to its account.
// It answers itself what tusd cannot know: a HEAD of a finished upload
// (whose staging is gone), a PATCH after the upload's window closed, and
// a DELETE, which deletes the Upload.
type access struct {
	next    http.Handler
	uploads *upload.Service
	backend Backend
	// gatewayKey is the only caller's key: the gateway's proxy.
	gatewayKey []byte
	now        func() time.Time
}

func (a access) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodOptions {
		a.next.ServeHTTP(w, r) // CORS preflight and discovery carry no credentials
		return
	}
	call, ok, err := principal.FromHeaders(r.Header, principal.TusMethod(r.Method), a.keys)
	p := call.Principal
	if err != nil || !ok || p.AccountID == "" {
		writeResponse(w, response(apperr.ErrUnauthenticated))
		return
	}
	if err := tusRule(r.Method).RoleRefusal(p); err != nil {
		writeResponse(w, response(err))
		return
	}
	r = r.WithContext(principal.NewContext(r.Context(), p))
	tusID := strings.Trim(r.URL.Path, "/")
	if tusID == "" {
		a.next.ServeHTTP(w, r) // creation: the preCreate hook applies the rules
		return
	}
	a.serveUpload(w, r, p, tusID)
}

// tusRule is the rule of a tus request in grpcx.Policy, for the person's
// role (docs/roles.md); a method the table does not name (tusd refuses it)
// still needs an uploader.
func tusRule(httpMethod string) grpcx.Rule {
	rule, ok := grpcx.Policy[principal.TusMethod(httpMethod)]
	if !ok {
		rule = grpcx.Rule{Role: roles.Uploader}
	}
	return rule
}

// keys knows the gateway's key only: no other caller reaches tus.
func (a access) keys(caller string) []byte {
	if caller == grpcx.Gateway {
		return a.gatewayKey
	}
	return nil
}

func (a access) serveUpload(w http.ResponseWriter, r *http.Request, p principal.Principal, tusID string) {
	if r.Method != http.MethodHead {
		if _, err := principal.RequireWriter(r.Context()); err != nil {
			writeResponse(w, response(err))
			return
		}
	}
	u, err := a.uploads.GetUpload(r.Context(), p, a.backend.uploadID(tusID))
	if err == nil && !a.names(tusID, u) {
		err = apperr.ErrNotFound
	}
	if err == nil {
		err = upload.TokenMaySend(p, u)
	}
	switch {
	case err != nil:
		writeResponse(w, response(err))
	case r.Method == http.MethodDelete:
		a.delete(w, r, p, u)
	case r.Method == http.MethodHead && u.State == upload.StateComplete:
		writeFinished(w, u)
	case r.Method == http.MethodPatch && u.State != upload.StateComplete && !a.now().Before(u.ExpiresTime):
		writeResponse(w, refusal(apperr.CodeUploadExpired, ""))
	default:
		a.next.ServeHTTP(w, r)
	}
}

// names reports whether tusID is the tus upload of u: the whole object
// part of the id must match, not just the Upload id inside it.
func (a access) names(tusID string, u upload.Upload) bool {
	objectID, _, _ := strings.Cut(tusID, "+")
	return u.Transport == upload.TransportTus && objectID == a.backend.tusID(u)
}

// delete is the tus termination extension, done as DELETE /uploads/{id}.
func (a access) delete(w http.ResponseWriter, r *http.Request, p principal.Principal, u upload.Upload) {
	if err := a.uploads.DeleteUpload(r.Context(), p, u.ID); err != nil {
		writeResponse(w, response(err))
		return
	}
	w.Header().Set("Tus-Resumable", "1.0.0")
	w.WriteHeader(http.StatusNoContent)
}

// writeFinished answers a HEAD of a finished upload as tusd would have
// before it was moved: every byte is there.
func writeFinished(w http.ResponseWriter, u upload.Upload) {
	h := w.Header()
	h.Set("Tus-Resumable", "1.0.0")
	h.Set("Cache-Control", "no-store")
	h.Set("Upload-Offset", strconv.FormatInt(u.Size, 10))
	h.Set("Upload-Length", strconv.FormatInt(u.Size, 10))
	h.Set(HeaderUploadID, u.ID)
	h.Set(HeaderUploadReference, uploadref.Format(u.ID))
	w.WriteHeader(http.StatusOK)
}
