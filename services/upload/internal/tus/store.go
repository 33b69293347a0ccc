package tus

import (
	"context"
	"errors"
	"log/slog"

	"github.com/tus/tusd/v2/pkg/handler"

	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/services/upload/internal/upload"
)

// recordingStore is tusd's core store with one addition: when a tus
// upload is created it records tusd's id on the Upload (needed to discard
// it later), and when creation fails it deletes the Upload again, so a
// failed POST leaves neither a record nor staged bytes behind.
type recordingStore struct {
	dataStore
	backend Backend
	uploads *upload.Service
	logger  *slog.Logger
}

func (s recordingStore) NewUpload(ctx context.Context, info handler.FileInfo) (handler.Upload, error) {
	p, _ := principal.FromContext(ctx) // preCreate has required it
	id := s.backend.uploadID(info.ID)
	up, err := s.dataStore.NewUpload(ctx, info)
	if err != nil {
		return nil, errors.Join(err, s.undo(ctx, p, id, nil))
	}
	created, err := up.GetInfo(ctx)
	if err == nil {
		err = s.uploads.RecordTusID(ctx, p.AccountID, id, created.ID)
	}
	if err != nil {
		return nil, errors.Join(err, s.undo(ctx, p, id, up))
	}
	return up, nil
}

// undo deletes the Upload and the tus upload made for it, if any.
func (s recordingStore) undo(ctx context.Context, p principal.Principal, id string, up handler.Upload) error {
	var errs []error
	if up != nil {
		errs = append(errs, s.AsTerminatableUpload(up).Terminate(ctx))
	}
	errs = append(errs, s.uploads.DeleteUpload(ctx, p, id))
	if err := errors.Join(errs...); err != nil {
		s.logger.ErrorContext(ctx, "tus: cleaning up a failed creation", "upload", id, "error", err)
		return err
	}
	return nil
}
