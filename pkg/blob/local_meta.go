package blob

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// localMeta is what <Dir>/.meta/<key> holds. It exists only for objects
// whose content type is not DefaultContentType, so most files cost no
// extra inode.
type localMeta struct {
	ContentType string `json:"content_type"`
}

// writeMeta records contentType for key, or removes a stale record when the
// type is the default. The record is not fsynced: after a crash it may be
// empty, and readContentType then falls back to the default type.
func (l *Local) writeMeta(key, contentType string) error {
	path := l.metaPath(key)
	if contentType == "" || contentType == DefaultContentType {
		if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("blob: %w", err)
		}
		return nil
	}
	data, err := json.Marshal(localMeta{ContentType: contentType})
	if err != nil {
		return fmt.Errorf("blob: %w", err)
	}
	tmp, err := os.CreateTemp(l.tmpDir(), "meta-*")
	if err != nil {
		return fmt.Errorf("blob: %w", err)
	}
	_, err = tmp.Write(data)
	if closeErr := tmp.Close(); err == nil {
		err = closeErr
	}
	if err == nil {
		err = renameIntoPlace(tmp.Name(), path)
	}
	if err != nil {
		_ = os.Remove(tmp.Name())
	}
	return err
}

func (l *Local) readContentType(key string) (string, error) {
	data, err := os.ReadFile(l.metaPath(key))
	if errors.Is(err, fs.ErrNotExist) {
		return DefaultContentType, nil
	}
	if err != nil {
		return "", fmt.Errorf("blob: %w", err)
	}
	var meta localMeta
	if err := json.Unmarshal(data, &meta); err == nil && meta.ContentType != "" {
		return meta.ContentType, nil
	}
	// A corrupt or empty sidecar falls back to the default, like a missing one.
	return DefaultContentType, nil
}
