package tus

import (
	"context"
	"log/slog"

	"github.com/tus/tusd/v2/pkg/handler"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/pkg/uploadref"
	"github.com/vidhost/vidhost/services/upload/internal/upload"
)

// Response headers that tell a tus client its Upload: the tus URL's shape
// depends on the store, so clients read the id from here.
const (
	HeaderUploadID        = "Vidhost-Upload-Id"
	HeaderUploadReference = "Vidhost-Upload-Reference"
)

// hooks are tusd's callbacks into the domain.
type hooks struct {
	uploads *upload.Service
	backend Backend
	logger  *slog.Logger
}

// preCreate creates the Upload a new tus upload belongs to, with the same
// rules and quotas as POST /uploads, and names the tus upload after it.
func (h hooks) preCreate(hook handler.HookEvent) (handler.HTTPResponse, handler.FileInfoChanges, error) {
	p, err := principal.RequireWriter(hook.Context)
	if err != nil {
		return handler.HTTPResponse{}, handler.FileInfoChanges{}, h.fail(hook.Context, err)
	}
	if hook.Upload.SizeIsDeferred {
		err := apperr.InvalidField("Upload-Length", "is required: an upload declares its size when it is created")
		return handler.HTTPResponse{}, handler.FileInfoChanges{}, h.fail(hook.Context, err)
	}
	u, err := h.uploads.CreateUpload(hook.Context, p, upload.NewUpload{
		Name: fileName(hook.Upload.MetaData), Size: float64(hook.Upload.Size), Transport: upload.TransportTus,
	})
	if err != nil {
		return handler.HTTPResponse{}, handler.FileInfoChanges{}, h.fail(hook.Context, err)
	}
	return uploadHeaders(u.ID), handler.FileInfoChanges{ID: h.backend.tusID(u)}, nil
}

// preFinish runs once the last byte arrived, before the final PATCH is
// answered: the bytes move to the Upload's key and the Upload becomes
// complete. If that fails the client sees the error, the staged bytes
// stay, and an empty PATCH at the final offset tries again.
func (h hooks) preFinish(hook handler.HookEvent) (handler.HTTPResponse, error) {
	p, err := principal.RequireWriter(hook.Context)
	if err != nil {
		return handler.HTTPResponse{}, h.fail(hook.Context, err)
	}
	id := h.backend.uploadID(hook.Upload.ID)
	_, err = h.uploads.FinishTus(hook.Context, p, id, func(ctx context.Context, u upload.Upload) error {
		return h.backend.store(ctx, u, hook.Upload)
	})
	if err != nil {
		return handler.HTTPResponse{}, h.fail(hook.Context, err)
	}
	return uploadHeaders(id), nil
}

func uploadHeaders(id string) handler.HTTPResponse {
	return handler.HTTPResponse{Header: handler.HTTPHeader{
		HeaderUploadID:        id,
		HeaderUploadReference: uploadref.Format(id),
	}}
}

// fail logs errors the client will only see as "internal error".
func (h hooks) fail(ctx context.Context, err error) error {
	resp := response(err)
	if resp.StatusCode >= 500 {
		h.logger.ErrorContext(ctx, "tus request failed", "error", err)
	}
	return tusError(err)
}
