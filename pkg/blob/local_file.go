package blob

import (
	"context"
	"os"
)

// FileOpener is implemented by stores that keep objects as local files
// (Local). An HTTP server that gets the *os.File can hand it to
// http.ServeContent, which then sends it with sendfile(2): the bytes go from
// the page cache to the socket without passing through the process.
type FileOpener interface {
	// OpenFile opens the object's file for reading; the caller closes it.
	// It returns ErrNotFound and ErrInvalidKey like Store.Open. Info's
	// ContentType is left empty: reading it costs another file, and a server
	// that sends files directly knows their types by extension.
	OpenFile(ctx context.Context, key string) (*os.File, Info, error)
}

// FileStater is implemented by stores that keep objects as local files
// (Local): Stat without the content type, one stat(2), for a cache that
// checks on every request that an object is unchanged.
type FileStater interface {
	// StatFile describes the object like Stat, ContentType left empty.
	StatFile(ctx context.Context, key string) (Info, error)
}

var (
	_ FileOpener = (*Local)(nil)
	_ FileStater = (*Local)(nil)
)

// StatFile implements FileStater.
func (l *Local) StatFile(_ context.Context, key string) (Info, error) {
	if err := ValidateKey(key); err != nil {
		return Info{}, err
	}
	fi, err := os.Stat(l.objectPath(key))
	if err != nil || fi.IsDir() {
		return Info{}, notFoundOr(err)
	}
	return Info{Key: key, Size: fi.Size(), ETag: fileETag(fi), ModTime: fi.ModTime()}, nil
}

// OpenFile implements FileOpener: one open and one fstat.
func (l *Local) OpenFile(_ context.Context, key string) (*os.File, Info, error) {
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
	return f, Info{Key: key, Size: fi.Size(), ETag: fileETag(fi), ModTime: fi.ModTime()}, nil
}
