package backup

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"
)

// FormatVersion is the backup layout this package writes and reads.
const FormatVersion = 1

// Names of what a backup directory holds.
const (
	manifestFile = "manifest.json"
	dumpFile     = "database.dump"
	secretFile   = "internal.secret"
	configFile   = "vidhost.env"
	mediaDir     = "media"
	mediaIndex   = "media.index"
)

// Manifest describes a finished backup; it is written last.
type Manifest struct {
	FormatVersion  int       `json:"format_version"`
	Created        time.Time `json:"created"`
	VidhostVersion string    `json:"vidhost_version"`
	// Schemas maps each schema dumped to its latest applied migration (0
	// when it has no migrations table, as the audit schema).
	Schemas map[string]int64 `json:"schemas"`
	// Extensions are the PostgreSQL extensions in the public schema that
	// the dumped schemas use (pg_trgm for the catalog's search index). The
	// dump holds only service schemas, so a restore onto a new database
	// creates these first.
	Extensions []string `json:"extensions,omitempty"`
	// Checksums maps each file of the backup (not media, which media.index
	// lists) to its SHA-256.
	Checksums  map[string]string `json:"checksums"`
	MediaFiles int               `json:"media_files"`
	MediaBytes int64             `json:"media_bytes"`
	// S3 is the bucket media is expected in, instead of media/.
	S3 *S3Location `json:"s3,omitempty"`
}

// writeManifest puts the manifest in place atomically.
func writeManifest(fsys fileSystem, dir string, m Manifest) error {
	raw, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	_, err = writeAtomic(fsys, filepath.Join(dir, manifestFile), 0o600, func(w io.Writer) error {
		_, err := w.Write(append(raw, '\n'))
		return err
	})
	return err
}

// ReadManifest reads and checks DIR's manifest.
func ReadManifest(dir string) (Manifest, error) {
	raw, err := os.ReadFile(filepath.Join(dir, manifestFile)) //nolint:gosec // G304: the backup the operator names
	if errors.Is(err, os.ErrNotExist) {
		return Manifest{}, fmt.Errorf("%s has no %s: it is not a finished backup", dir, manifestFile)
	}
	if err != nil {
		return Manifest{}, err
	}
	var m Manifest
	if err := json.Unmarshal(raw, &m); err != nil {
		return Manifest{}, fmt.Errorf("%s/%s is not a backup manifest: %w", dir, manifestFile, err)
	}
	if m.FormatVersion != FormatVersion {
		return Manifest{}, fmt.Errorf("%s is a backup of format %d; this vidhost reads format %d", dir, m.FormatVersion, FormatVersion)
	}
	return m, nil
}

// verifyChecksums checks every file the manifest lists.
func verifyChecksums(dir string, m Manifest) error {
	for name, want := range m.Checksums {
		got, err := fileSHA256(filepath.Join(dir, name))
		if err != nil {
			return fmt.Errorf("the backup's %s is unreadable: %w", name, err)
		}
		if got != want {
			return fmt.Errorf("the backup's %s does not match its checksum: the backup is damaged", name)
		}
	}
	return nil
}
