package blob

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// Local stores objects as files under a directory: the object "a/b.mp4" is
// the file <Dir>/a/b.mp4, so operators can inspect it with ls. Content types
// other than DefaultContentType live beside it in <Dir>/.meta/a/b.mp4, and
// writes in progress in <Dir>/.tmp; ValidateKey keeps keys out of both.
//
// Several processes may share one Dir (the devstack's gateway and transcode
// workers do): every write is a rename, which is atomic on one filesystem.
// Unlike S3, a key cannot be both an object and a "directory" of other keys
// ("a/b" and "a/b/c"); Vidhost's key layout never needs that.
type Local struct {
	dir     string
	baseURL string
	secret  []byte
	onPut   func(ctx context.Context, key string, size int64)
}

var _ Store = (*Local)(nil)

// staleTempAge is how old a temporary file must be before NewLocal deletes
// it: old enough that no live writer in another process still owns it.
const staleTempAge = 24 * time.Hour

// NewLocal opens (creating if needed) a local store from cfg.Dir.
func NewLocal(cfg Config) (*Local, error) {
	if cfg.Dir == "" {
		return nil, errors.New("blob: local driver needs Dir")
	}
	if cfg.SigningSecret != "" && len(cfg.SigningSecret) < 32 {
		return nil, errors.New("blob: SigningSecret must be at least 32 bytes")
	}
	dir, err := filepath.Abs(cfg.Dir)
	if err != nil {
		return nil, fmt.Errorf("blob: %w", err)
	}
	l := &Local{
		dir:     dir,
		baseURL: strings.TrimSuffix(cfg.PublicBaseURL, "/"),
		secret:  []byte(cfg.SigningSecret),
		onPut:   cfg.OnPut,
	}
	for _, d := range []string{dir, l.tmpDir(), l.metaRoot()} {
		if err := os.MkdirAll(d, 0o750); err != nil {
			return nil, fmt.Errorf("blob: %w", err)
		}
	}
	l.removeStaleTemps(time.Now().Add(-staleTempAge))
	return l, nil
}

func (l *Local) tmpDir() string   { return filepath.Join(l.dir, ".tmp") }
func (l *Local) metaRoot() string { return filepath.Join(l.dir, ".meta") }

func (l *Local) objectPath(key string) string {
	return filepath.Join(l.dir, filepath.FromSlash(key))
}

func (l *Local) metaPath(key string) string {
	return filepath.Join(l.metaRoot(), filepath.FromSlash(key))
}

// removeStaleTemps deletes what crashed writers left behind.
func (l *Local) removeStaleTemps(before time.Time) {
	entries, _ := os.ReadDir(l.tmpDir())
	for _, e := range entries {
		if info, err := e.Info(); err == nil && info.ModTime().Before(before) {
			_ = os.Remove(filepath.Join(l.tmpDir(), e.Name()))
		}
	}
}

// Stat implements Store.
func (l *Local) Stat(_ context.Context, key string) (Info, error) {
	if err := ValidateKey(key); err != nil {
		return Info{}, err
	}
	fi, err := os.Stat(l.objectPath(key))
	if err != nil || fi.IsDir() {
		return Info{}, notFoundOr(err)
	}
	return l.info(key, fi)
}

func (l *Local) info(key string, fi fs.FileInfo) (Info, error) {
	contentType, err := l.readContentType(key)
	if err != nil {
		return Info{}, err
	}
	return Info{
		Key:         key,
		Size:        fi.Size(),
		ContentType: contentType,
		ETag:        fileETag(fi),
		ModTime:     fi.ModTime(),
	}, nil
}

// fileETag follows nginx: modification time and size, cheap and stable until
// the file is replaced.
func fileETag(fi fs.FileInfo) string {
	return fmt.Sprintf("%x-%x", fi.ModTime().UnixNano(), fi.Size())
}

// notFoundOr maps a missing file (or a directory, nil error) to ErrNotFound.
// ENOTDIR is what opening "a/b/c" returns when "a/b" is a file.
func notFoundOr(err error) error {
	if err == nil || errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) {
		return ErrNotFound
	}
	return fmt.Errorf("blob: %w", err)
}
