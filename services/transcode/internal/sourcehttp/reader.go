package sourcehttp

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/vidhost/vidhost/pkg/blob"
)

// rangeReader is a blob as the io.ReadSeeker http.ServeContent wants,
// read lazily: a Seek only moves the offset, and the first Read after it
// opens one ranged read from there to the end (closing the one before).
// ffmpeg closes the connection once it has what it needs, so the read
// ends there: what is read is what ffmpeg asked for, plus what the socket
// buffers held when it stopped.
type rangeReader struct {
	ctx    context.Context //nolint:containedctx // the request's, for the reads ServeContent makes within it
	store  blob.Store
	key    string
	size   int64
	offset int64
	body   io.ReadCloser
	err    error // the first failed read, for the log
}

func (r *rangeReader) Seek(offset int64, whence int) (int64, error) {
	switch whence {
	case io.SeekCurrent:
		offset += r.offset
	case io.SeekEnd:
		offset += r.size
	}
	if offset < 0 {
		return 0, errors.New("sourcehttp: seek before the start")
	}
	if offset != r.offset {
		r.closeBody()
	}
	r.offset = offset
	return offset, nil
}

func (r *rangeReader) Read(p []byte) (int, error) {
	if r.offset >= r.size {
		return 0, io.EOF
	}
	if r.body == nil {
		body, _, err := r.store.OpenRange(r.ctx, r.key, r.offset, -1)
		if err != nil {
			r.err = cmp.Or(r.err, fmt.Errorf("open %s at %d: %w", r.key, r.offset, err))
			return 0, r.err
		}
		r.body = body
	}
	n, err := r.body.Read(p)
	r.offset += int64(n)
	if err != nil && !errors.Is(err, io.EOF) {
		r.err = cmp.Or(r.err, err)
	}
	return n, err
}

// Close ends the open read, if any, and returns the first read error.
func (r *rangeReader) Close() error {
	r.closeBody()
	return r.err
}

func (r *rangeReader) closeBody() {
	if r.body != nil {
		_ = r.body.Close() // a read's close error says nothing the reads did not
		r.body = nil
	}
}
