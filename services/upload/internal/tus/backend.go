package tus

import (
	"context"
	"errors"

	"github.com/tus/tusd/v2/pkg/handler"

	"github.com/vidhost/vidhost/services/upload/internal/upload"
)

// Backend is where tus uploads wait for their bytes; it is also the
// upload.Staging the domain discards them through.
type Backend interface {
	upload.Staging
	// tusID is the id the tus upload of u is created with.
	tusID(u upload.Upload) string
	// uploadID returns the Upload id inside a tus id ("" if none).
	uploadID(tusID string) string
	// store makes the complete bytes of info available at u.Key.
	store(ctx context.Context, u upload.Upload, info handler.FileInfo) error
	// dataStore is tusd's store for the composer.
	dataStore() dataStore
}

// dataStore is what tusd's file and S3 stores both provide.
type dataStore interface {
	handler.DataStore
	handler.TerminaterDataStore
}

// terminate removes a tus upload by id; a missing one is not an error.
func terminate(ctx context.Context, store dataStore, tusID string) error {
	if tusID == "" {
		return nil
	}
	up, err := store.GetUpload(ctx, tusID)
	if errors.Is(err, handler.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	return store.AsTerminatableUpload(up).Terminate(ctx)
}
