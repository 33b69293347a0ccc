package blob

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"iter"
	"os"
	"path"
	"path/filepath"
	"strings"
	"syscall"
)

// Delete implements Store.
func (l *Local) Delete(_ context.Context, key string) error {
	if err := ValidateKey(key); err != nil {
		return err
	}
	for _, p := range []string{l.objectPath(key), l.metaPath(key)} {
		err := os.Remove(p)
		if err != nil && !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, syscall.ENOTDIR) {
			// A directory of other keys is not an object: nothing to delete.
			if fi, statErr := os.Stat(p); statErr == nil && fi.IsDir() {
				return nil
			}
			return fmt.Errorf("blob: %w", err)
		}
		l.pruneEmptyParents(p)
	}
	return nil
}

// pruneEmptyParents removes the directories left empty by a delete, so
// deleted videos do not leave trees of empty directories behind. os.Remove
// refuses non-empty directories, which is what stops the climb.
func (l *Local) pruneEmptyParents(p string) {
	for dir := filepath.Dir(p); dir != l.dir && dir != l.metaRoot(); dir = filepath.Dir(dir) {
		if !strings.HasPrefix(dir, l.dir+string(filepath.Separator)) || os.Remove(dir) != nil {
			return
		}
	}
}

// DeletePrefix implements Store.
func (l *Local) DeletePrefix(ctx context.Context, prefix string) error {
	if err := validateDeletePrefix(prefix); err != nil {
		return err
	}
	for info, err := range l.List(ctx, prefix) {
		if err != nil {
			return err
		}
		if err := l.Delete(ctx, info.Key); err != nil {
			return err
		}
	}
	return nil
}

// List implements Store. It walks only the directory the prefix names (for
// "videos/a/v1" that is <Dir>/videos/a), skips dot files, and leaves
// ContentType empty as S3 listings do.
func (l *Local) List(ctx context.Context, prefix string) iter.Seq2[Info, error] {
	return func(yield func(Info, error) bool) {
		if err := ValidatePrefix(prefix); err != nil {
			yield(Info{}, err)
			return
		}
		root := l.objectPath(path.Dir(prefix + "x"))
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			return l.visit(ctx, prefix, p, d, err, yield)
		})
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			yield(Info{}, fmt.Errorf("blob: %w", err))
		}
	}
}

func (l *Local) visit(ctx context.Context, prefix, p string, d fs.DirEntry, err error, yield func(Info, error) bool) error {
	if err != nil {
		// The root may not exist, or an entry vanished under a concurrent delete.
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		return err
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}
	rel, _ := filepath.Rel(l.dir, p)
	key := filepath.ToSlash(rel)
	if p == l.dir || key == "." {
		return nil
	}
	if strings.HasPrefix(d.Name(), ".") {
		return skip(d)
	}
	if d.IsDir() {
		if !strings.HasPrefix(key+"/", prefix) && !strings.HasPrefix(prefix, key+"/") {
			return filepath.SkipDir
		}
		return nil
	}
	if !strings.HasPrefix(key, prefix) {
		return nil
	}
	fi, err := d.Info()
	if errors.Is(err, fs.ErrNotExist) {
		return nil // deleted since the directory was read
	}
	if err != nil {
		return err
	}
	if !yield(Info{Key: key, Size: fi.Size(), ETag: fileETag(fi), ModTime: fi.ModTime()}, nil) {
		return filepath.SkipAll
	}
	return nil
}

func skip(d fs.DirEntry) error {
	if d.IsDir() {
		return filepath.SkipDir
	}
	return nil
}
