package backup

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"os"
	"path/filepath"
)

// fileSystem is how the package creates files, so a test can make a write
// fail as a full disk would.
type fileSystem interface {
	Create(path string, perm os.FileMode) (io.WriteCloser, error)
}

// osFS writes real files, synced before they close.
type osFS struct{}

func (osFS) Create(path string, perm os.FileMode) (io.WriteCloser, error) {
	//nolint:gosec // G304: paths inside the backup or data directory the operator names
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, perm)
	if err != nil {
		return nil, err
	}
	return syncedFile{f}, nil
}

// syncedFile flushes to disk on Close, so a full disk shows up as an error
// here and not later.
type syncedFile struct{ *os.File }

func (f syncedFile) Close() error {
	if err := f.Sync(); err != nil {
		_ = f.File.Close()
		return err
	}
	return f.File.Close()
}

// copyFile copies src to dst through a temporary file renamed into place,
// and returns the content's SHA-256.
func copyFile(fsys fileSystem, src, dst string, perm os.FileMode) (string, error) {
	in, err := os.Open(src) //nolint:gosec // G304: a file of the installation
	if err != nil {
		return "", err
	}
	defer in.Close()
	return writeAtomic(fsys, dst, perm, func(w io.Writer) error {
		_, err := io.Copy(w, in)
		return err
	})
}

// writeAtomic writes dst by way of dst.tmp and a rename: dst is either the
// old file or the whole new one. It returns the written content's SHA-256.
func writeAtomic(fsys fileSystem, dst string, perm os.FileMode, write func(io.Writer) error) (string, error) {
	if err := os.MkdirAll(filepath.Dir(dst), 0o700); err != nil {
		return "", err
	}
	tmp := dst + ".tmp"
	f, err := fsys.Create(tmp, perm)
	if err != nil {
		return "", err
	}
	hash := sha256.New()
	err = write(io.MultiWriter(f, hash))
	if closeErr := f.Close(); err == nil {
		err = closeErr
	}
	if err != nil {
		_ = os.Remove(tmp)
		return "", err
	}
	return hex.EncodeToString(hash.Sum(nil)), os.Rename(tmp, dst)
}

// fileSHA256 is the SHA-256 of a file's content.
func fileSHA256(path string) (string, error) {
	f, err := os.Open(path) //nolint:gosec // G304: a file of the backup
	if err != nil {
		return "", err
	}
	defer f.Close()
	hash := sha256.New()
	if _, err := io.Copy(hash, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(hash.Sum(nil)), nil
}
