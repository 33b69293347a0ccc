package app

import (
	"context"
	"fmt"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/services/upload/internal/tus"
)

// openStorage opens the blob store and the tus backend that matches its
// driver.
func openStorage(ctx context.Context, cfg Config) (blob.Store, tus.Backend, error) {
	blobCfg := cfg.blobConfig()
	objects, err := blob.Open(ctx, blobCfg)
	if err != nil {
		return nil, nil, fmt.Errorf("upload: %w", err)
	}
	if blobCfg.Driver == "s3" {
		return objects, tus.NewS3Backend(blobCfg, objects), nil
	}
	backend, err := tus.NewFileBackend(cfg.StagingDir(), objects)
	if err != nil {
		return nil, nil, fmt.Errorf("upload: %w", err)
	}
	return objects, backend, nil
}
