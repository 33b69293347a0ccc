package job

import (
	"context"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/services/transcode/internal/media"
)

// stored reads what u's plan stored: records (chunks/…) in its private
// folder, the rest in the video's.
func (r *Runner) stored(u Unit) *storedFiles {
	return &storedFiles{store: r.Store, media: u.Job.MediaFolder(), plan: u.Job.PlanFolder(u.PlanID)}
}

// storedFiles implements media.Stored over the blob store. Sizes come from
// one listing of the video's stream/ rather than a request per segment.
type storedFiles struct {
	store       blob.Store
	media, plan string

	once  sync.Once
	sizes map[string]int64
	err   error
}

func (s *storedFiles) key(rel string) string {
	if strings.HasPrefix(rel, media.ChunksDir+"/") {
		return s.plan + rel
	}
	return s.media + rel
}

// Fetch implements media.Stored.
func (s *storedFiles) Fetch(ctx context.Context, rel, dir string) error {
	body, _, err := s.store.Open(ctx, s.key(rel))
	if err != nil {
		return fmt.Errorf("fetch %s: %w", rel, err)
	}
	defer body.Close()
	dest := filepath.Join(dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(dest), 0o750); err != nil {
		return err
	}
	file, err := os.Create(dest) //nolint:gosec // G304: a layout path under the stitch's own directory
	if err != nil {
		return err
	}
	if _, err := io.Copy(file, body); err != nil {
		file.Close()
		return fmt.Errorf("fetch %s: %w", rel, err)
	}
	return file.Close()
}

// Size implements media.Stored.
func (s *storedFiles) Size(ctx context.Context, rel string) (int64, error) {
	s.once.Do(func() { s.sizes, s.err = s.list(ctx, path.Join(s.media, media.StreamDir)+"/") })
	if s.err != nil {
		return 0, s.err
	}
	size, ok := s.sizes[s.key(rel)]
	if !ok {
		return 0, fmt.Errorf("stitch: %s was not stored: %w", rel, blob.ErrNotFound)
	}
	return size, nil
}

func (s *storedFiles) list(ctx context.Context, prefix string) (map[string]int64, error) {
	sizes := map[string]int64{}
	for info, err := range s.store.List(ctx, prefix) {
		if err != nil {
			return nil, err
		}
		sizes[info.Key] = info.Size
	}
	return sizes, nil
}
