package playback

import (
	"bytes"
	"context"
	"errors"
	"io"

	"github.com/vidhost/vidhost/pkg/blob"
)

// smallFile is the size up to which a local file is read into memory
// rather than sent with sendfile: for manifests and the like, one read and
// one buffered write beat ServeContent's seeks plus a separate header write
// and sendfile.
const smallFile = 64 << 10

// openObject opens a stored file for http.ServeContent. From the local
// driver it is the *os.File itself, which ServeContent sends with
// sendfile(2), or its bytes when small; from S3 it is an objectReader.
func openObject(ctx context.Context, store blob.Store, key string) (io.ReadSeekCloser, blob.Info, error) {
	if files, ok := store.(blob.FileOpener); ok {
		file, info, err := files.OpenFile(ctx, key)
		if err != nil || info.Size > smallFile {
			return file, info, err
		}
		defer file.Close()
		data := make([]byte, info.Size)
		if _, err := io.ReadFull(file, data); err != nil {
			return nil, blob.Info{}, err
		}
		return nopCloser{bytes.NewReader(data)}, info, nil
	}
	body, info, err := store.Open(ctx, key)
	if err != nil {
		return nil, blob.Info{}, err
	}
	return &objectReader{ctx: ctx, store: store, key: key, size: info.Size, body: body}, info, nil
}

type nopCloser struct{ *bytes.Reader }

func (nopCloser) Close() error { return nil }

// objectReader makes a stored object seekable: reading continues the open
// body while the position is where it left off, and a seek elsewhere (a
// Range request) reopens the object from there with OpenRange. A whole-file
// GET therefore costs one request to the store, a ranged one two.
type objectReader struct {
	ctx     context.Context
	store   blob.Store
	key     string
	size    int64
	offset  int64 // where the next Read starts
	body    io.ReadCloser
	bodyPos int64 // where body's next byte is; meaningful when body != nil
}

func (o *objectReader) Read(p []byte) (int, error) {
	if o.offset >= o.size {
		return 0, io.EOF
	}
	if o.body == nil || o.bodyPos != o.offset {
		if err := o.reopen(); err != nil {
			return 0, err
		}
	}
	n, err := o.body.Read(p)
	o.offset += int64(n)
	o.bodyPos = o.offset
	return n, err
}

func (o *objectReader) reopen() error {
	o.closeBody()
	body, _, err := o.store.OpenRange(o.ctx, o.key, o.offset, -1)
	if err != nil {
		return err
	}
	o.body, o.bodyPos = body, o.offset
	return nil
}

func (o *objectReader) Seek(offset int64, whence int) (int64, error) {
	switch whence {
	case io.SeekStart:
	case io.SeekCurrent:
		offset += o.offset
	case io.SeekEnd:
		offset += o.size
	default:
		return 0, errors.New("objectReader: bad whence")
	}
	if offset < 0 {
		return 0, errors.New("objectReader: negative position")
	}
	o.offset = offset
	return offset, nil
}

func (o *objectReader) Close() error {
	o.closeBody()
	return nil
}

func (o *objectReader) closeBody() {
	if o.body != nil {
		_ = o.body.Close()
		o.body = nil
	}
}
