package backup

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"time"
)

// mediaEntry is one file of media.index.
type mediaEntry struct {
	Path     string    `json:"path"`
	Size     int64     `json:"size"`
	Modified time.Time `json:"modified"`
	SHA256   string    `json:"sha256"`
}

// mediaSummary is what the manifest says of the media.
type mediaSummary struct {
	files int
	bytes int64
}

// copyMedia mirrors src into dir/media: a file whose size and modification
// time equal the previous run's is skipped (its hash carried over), others
// are copied, and files gone from src are removed. The index is written last.
func copyMedia(fsys fileSystem, src, dir string) (mediaSummary, error) {
	previous, err := readMediaIndex(dir)
	if err != nil {
		return mediaSummary{}, err
	}
	dst := filepath.Join(dir, mediaDir)
	var index []mediaEntry
	err = filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return ignoreVanished(err)
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		entry, err := copyMediaFile(fsys, path, filepath.Join(dst, rel), rel, previous[rel])
		if errors.Is(err, os.ErrNotExist) {
			return nil // pruned while we walked
		}
		index = append(index, entry)
		return err
	})
	if err != nil {
		return mediaSummary{}, fmt.Errorf("copying media: %w", err)
	}
	if err := pruneMedia(dst, index); err != nil {
		return mediaSummary{}, err
	}
	return summarize(index), writeMediaIndex(fsys, dir, index)
}

// copyMediaFile copies one file unless the previous run's copy is current.
func copyMediaFile(fsys fileSystem, src, dst, rel string, previous mediaEntry) (mediaEntry, error) {
	info, err := os.Stat(src)
	if err != nil {
		return mediaEntry{}, err
	}
	entry := mediaEntry{Path: rel, Size: info.Size(), Modified: info.ModTime().UTC()}
	if copied, err := os.Stat(dst); err == nil && previous.SHA256 != "" &&
		previous.Size == entry.Size && previous.Modified.Equal(entry.Modified) && copied.Size() == entry.Size {
		entry.SHA256 = previous.SHA256
		return entry, nil
	}
	if entry.SHA256, err = copyFile(fsys, src, dst, 0o600); err != nil {
		return mediaEntry{}, err
	}
	return entry, os.Chtimes(dst, entry.Modified, entry.Modified)
}

// pruneMedia removes copies of files that are no longer in the store.
func pruneMedia(dst string, index []mediaEntry) error {
	keep := make(map[string]bool, len(index))
	for _, e := range index {
		keep[e.Path] = true
	}
	return filepath.WalkDir(dst, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return ignoreVanished(err)
		}
		rel, err := filepath.Rel(dst, path)
		if err != nil || keep[rel] {
			return err
		}
		return os.Remove(path) //nolint:gosec // G122: the backup directory is the operator's own, not shared with untrusted writers
	})
}

func ignoreVanished(err error) error {
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	return err
}

func summarize(index []mediaEntry) mediaSummary {
	s := mediaSummary{files: len(index)}
	for _, e := range index {
		s.bytes += e.Size
	}
	return s
}

// readMediaIndex is the previous run's index, by path; empty on a first run.
func readMediaIndex(dir string) (map[string]mediaEntry, error) {
	raw, err := os.ReadFile(filepath.Join(dir, mediaIndex)) //nolint:gosec // G304: the backup the operator names
	if errors.Is(err, os.ErrNotExist) {
		return map[string]mediaEntry{}, nil
	}
	if err != nil {
		return nil, err
	}
	var index []mediaEntry
	if err := json.Unmarshal(raw, &index); err != nil {
		return nil, fmt.Errorf("%s is damaged: %w", mediaIndex, err)
	}
	byPath := make(map[string]mediaEntry, len(index))
	for _, e := range index {
		byPath[e.Path] = e
	}
	return byPath, nil
}

func writeMediaIndex(fsys fileSystem, dir string, index []mediaEntry) error {
	sort.Slice(index, func(i, j int) bool { return index[i].Path < index[j].Path })
	raw, err := json.MarshalIndent(index, "", " ")
	if err != nil {
		return err
	}
	_, err = writeAtomic(fsys, filepath.Join(dir, mediaIndex), 0o600, func(w io.Writer) error {
		_, err := w.Write(raw)
		return err
	})
	return err
}

// restoreMedia copies dir/media to dst, checking each file against the index.
func restoreMedia(fsys fileSystem, dir, dst string) error {
	index, err := readMediaIndex(dir)
	if err != nil {
		return err
	}
	for _, e := range index {
		sum, err := copyFile(fsys, filepath.Join(dir, mediaDir, e.Path), filepath.Join(dst, e.Path), 0o600)
		if err != nil {
			return fmt.Errorf("restoring media %s: %w", e.Path, err)
		}
		if sum != e.SHA256 {
			return fmt.Errorf("the backup's media %s does not match its checksum: the backup is damaged", e.Path)
		}
		if err := os.Chtimes(filepath.Join(dst, e.Path), e.Modified, e.Modified); err != nil {
			return err
		}
	}
	return nil
}

// verifyMedia checks every file media.index lists, before a restore writes.
func verifyMedia(dir string) error {
	index, err := readMediaIndex(dir)
	if err != nil {
		return err
	}
	for _, e := range index {
		sum, err := fileSHA256(filepath.Join(dir, mediaDir, e.Path))
		if err != nil {
			return fmt.Errorf("the backup's media %s is unreadable: %w", e.Path, err)
		}
		if sum != e.SHA256 {
			return fmt.Errorf("the backup's media %s does not match its checksum: the backup is damaged", e.Path)
		}
	}
	return nil
}
