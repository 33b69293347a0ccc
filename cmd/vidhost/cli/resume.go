package cli

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	vidhost "github.com/vidhost/vidhost/sdk/go"
)

// resumeStore keeps the tus URL of each file being uploaded, so that running
// the same `vidhost upload` again continues instead of starting over. An
// entry is removed once its video exists.
type resumeStore struct {
	dir string // <user cache dir>/vidhost/uploads
}

func (a *app) resumeStore() (resumeStore, error) {
	dir := a.env.CacheDir
	if dir == "" {
		var err error
		if dir, err = os.UserCacheDir(); err != nil {
			return resumeStore{}, fmt.Errorf("no cache directory: %w", err)
		}
	}
	dir = filepath.Join(dir, "vidhost", "uploads")
	return resumeStore{dir: dir}, os.MkdirAll(dir, 0o700)
}

// fingerprint names a file's upload to one installation: the same path,
// size and modification time is taken to be the same bytes (as rsync and
// make do), and another installation or key never sees the entry.
func fingerprint(baseURL, path string, info os.FileInfo) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	sum := sha256.Sum256(fmt.Appendf(nil, "%s\x00%s\x00%d\x00%d", baseURL, abs, info.Size(), info.ModTime().UnixNano()))
	return hex.EncodeToString(sum[:16])
}

func (s resumeStore) path(fp string) string { return filepath.Join(s.dir, fp+".json") }

// load returns the saved upload of a fingerprint, nil when there is none
// (or it cannot be read: then the upload simply starts afresh).
func (s resumeStore) load(fp string) *vidhost.TusUpload {
	raw, err := os.ReadFile(s.path(fp))
	if err != nil {
		return nil
	}
	var saved vidhost.TusUpload
	if json.Unmarshal(raw, &saved) != nil {
		return nil
	}
	return &saved
}

func (s resumeStore) save(fp string, u vidhost.TusUpload) error {
	raw, err := json.Marshal(u)
	if err != nil {
		return err
	}
	return os.WriteFile(s.path(fp), raw, 0o600)
}

func (s resumeStore) forget(fp string) error {
	if err := os.Remove(s.path(fp)); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	return nil
}
