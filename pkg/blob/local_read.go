package blob

import (
	"context"
	"io"
	"os"
)

// Open implements Store.
func (l *Local) Open(_ context.Context, key string) (io.ReadCloser, Info, error) {
	return l.openFile(key)
}

// openFile returns the *os.File itself so Handler can hand it to
// http.ServeContent, which then uses sendfile.
func (l *Local) openFile(key string) (*os.File, Info, error) {
	if err := ValidateKey(key); err != nil {
		return nil, Info{}, err
	}
	f, err := os.Open(l.objectPath(key))
	if err != nil {
		return nil, Info{}, notFoundOr(err)
	}
	fi, err := f.Stat()
	if err != nil || fi.IsDir() {
		f.Close()
		return nil, Info{}, notFoundOr(err)
	}
	info, err := l.info(key, fi)
	if err != nil {
		f.Close()
		return nil, Info{}, err
	}
	return f, info, nil
}

// OpenRange implements Store.
func (l *Local) OpenRange(_ context.Context, key string, offset, length int64) (io.ReadCloser, Info, error) {
	f, info, err := l.openFile(key)
	if err != nil {
		return nil, Info{}, err
	}
	n, err := rangeLength(info.Size, offset, length)
	if err == nil {
		_, err = f.Seek(offset, io.SeekStart)
	}
	if err != nil {
		f.Close()
		return nil, Info{}, err
	}
	return readCloser{Reader: io.LimitReader(f, n), Closer: f}, info, nil
}

// rangeLength returns how many bytes a range covers in an object of size
// bytes. Like S3's "bytes=offset-end", a range must start inside the object;
// (0, -1), the whole object, is valid even for an empty one.
func rangeLength(size, offset, length int64) (int64, error) {
	wholeObject := offset == 0 && length < 0
	if offset < 0 || length == 0 || (offset >= size && !wholeObject) {
		return 0, ErrInvalidRange
	}
	if length < 0 || offset+length > size {
		return size - offset, nil
	}
	return length, nil
}

type readCloser struct {
	io.Reader
	io.Closer
}
