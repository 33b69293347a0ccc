package app

import (
	"path/filepath"

	"github.com/vidhost/vidhost/pkg/blob"
)

// BlobConfig is the shared blob store settings of pkg/blob.
type BlobConfig = blob.Settings

// StagingDir is where the local driver stages tus uploads.
func (c Config) StagingDir() string {
	if c.TusDir != "" {
		return c.TusDir
	}
	return filepath.Join(c.Blob.Dir, ".tus")
}
