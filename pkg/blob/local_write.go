package blob

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// Put implements Store. The body goes to a temporary file in <Dir>/.tmp,
// which is fsynced and renamed into place only when exactly size bytes came.
func (l *Local) Put(ctx context.Context, key string, r io.Reader, size int64, contentType string) error {
	if err := validatePut(key, size, contentType); err != nil {
		return err
	}
	return l.commit(key, contentType, func(f *os.File) error {
		return copyExactly(f, contextReader{ctx: ctx, r: r}, size)
	})
}

// Copy implements Store. On filesystems that support it, io.Copy between
// two files becomes copy_file_range and shares or copies blocks in the kernel.
func (l *Local) Copy(_ context.Context, srcKey, dstKey string) error {
	if err := ValidateKey(dstKey); err != nil {
		return err
	}
	src, info, err := l.openFile(srcKey)
	if err != nil {
		return err
	}
	defer src.Close()
	return l.commit(dstKey, info.ContentType, func(f *os.File) error {
		_, err := io.Copy(f, src)
		return err
	})
}

// putNew is Put that never replaces an object: ErrObjectExists when key
// holds one when the bytes are in. The presigned PUT handler uses it so its
// URLs are write-once.
func (l *Local) putNew(ctx context.Context, key string, r io.Reader, size int64, contentType string) error {
	if err := validatePut(key, size, contentType); err != nil {
		return err
	}
	tmp, err := l.fillTemp(func(f *os.File) error { return copyExactly(f, contextReader{ctx: ctx, r: r}, size) })
	if err != nil {
		return err
	}
	defer os.Remove(tmp) // after a link, only the second name goes
	if err := linkIntoPlace(tmp, l.objectPath(key)); err != nil {
		return err
	}
	// The content type follows the object: a reader in between sees the
	// default type, never another object's.
	return l.writeMeta(key, contentType)
}

// fillTemp writes a durable temporary file with fill and returns its path.
func (l *Local) fillTemp(fill func(*os.File) error) (string, error) {
	tmp, err := os.CreateTemp(l.tmpDir(), "put-*")
	if err != nil {
		return "", fmt.Errorf("blob: %w", err)
	}
	err = fill(tmp)
	if err == nil {
		err = tmp.Sync()
	}
	if closeErr := tmp.Close(); err == nil {
		err = closeErr
	}
	if err != nil {
		_ = os.Remove(tmp.Name())
		return "", err
	}
	return tmp.Name(), nil
}

// linkIntoPlace is renameIntoPlace that fails with ErrObjectExists instead
// of replacing dst: link(2) refuses an existing name atomically.
func linkIntoPlace(src, dst string) error {
	err := intoPlace(dst, func() error { return os.Link(src, dst) })
	if errors.Is(err, fs.ErrExist) {
		return ErrObjectExists
	}
	return err
}

// commit writes an object through a temporary file: fill it, make it
// durable, then rename it over the key so readers see all or nothing.
func (l *Local) commit(key, contentType string, fill func(*os.File) error) error {
	tmp, err := os.CreateTemp(l.tmpDir(), "put-*")
	if err != nil {
		return fmt.Errorf("blob: %w", err)
	}
	err = fill(tmp)
	if err == nil {
		err = tmp.Sync()
	}
	if closeErr := tmp.Close(); err == nil {
		err = closeErr
	}
	if err == nil {
		err = l.writeMeta(key, contentType)
	}
	if err == nil {
		err = renameIntoPlace(tmp.Name(), l.objectPath(key))
	}
	if err != nil {
		_ = os.Remove(tmp.Name())
	}
	return err
}

// copyExactly copies src to dst and fails unless src held exactly size
// bytes. Reading stops at the first byte too many, so an oversized body is
// never written past size+1 bytes.
func copyExactly(dst io.Writer, src io.Reader, size int64) error {
	n, err := io.Copy(dst, io.LimitReader(src, size+1))
	if err != nil {
		return fmt.Errorf("blob: reading body: %w", err)
	}
	if n != size {
		return &SizeMismatchError{Declared: size, Received: n}
	}
	return nil
}

// renameIntoPlace creates dst's directory and renames src onto dst.
func renameIntoPlace(src, dst string) error {
	return intoPlace(dst, func() error { return os.Rename(src, dst) })
}

// intoPlace creates dst's directory and runs place (a rename or a link
// onto dst), then makes the new entry durable. It retries because Delete
// prunes empty directories, possibly while MkdirAll climbs down (a parent
// it made is gone before the child's mkdir: ErrNotExist), between a mkdir
// that found the directory and MkdirAll's check that it is one (ErrExist),
// or between MkdirAll and place (ErrNotExist). Place's own ErrExist (dst is
// there) is an answer, not a race.
func intoPlace(dst string, place func() error) error {
	dir := filepath.Dir(dst)
	var err error
	for range 10 {
		if err = os.MkdirAll(dir, 0o750); err != nil {
			if errors.Is(err, fs.ErrNotExist) || errors.Is(err, fs.ErrExist) {
				continue
			}
			break
		}
		if err = place(); err == nil {
			return syncDir(dir)
		}
		if !errors.Is(err, fs.ErrNotExist) {
			break
		}
	}
	return fmt.Errorf("blob: %w", err)
}

// syncDir makes a rename durable: the new directory entry is only on disk
// once the directory itself is fsynced.
func syncDir(dir string) error {
	d, err := os.Open(dir) //nolint:gosec // G304: a directory under the store's root, from a validated key
	if err != nil {
		return fmt.Errorf("blob: %w", err)
	}
	defer d.Close()
	if err := d.Sync(); err != nil {
		return fmt.Errorf("blob: %w", err)
	}
	return nil
}

// contextReader stops a long copy when its context ends, even if the
// underlying reader would block or go on.
type contextReader struct {
	ctx context.Context
	r   io.Reader
}

func (c contextReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}
