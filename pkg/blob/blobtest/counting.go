package blobtest

import (
	"context"
	"io"
	"sync/atomic"

	"github.com/vidhost/vidhost/pkg/blob"
)

// Counting is a blob.Store that counts how it is read: whole opens, ranged
// reads opened and the bytes they delivered. A test of a reader that must
// fetch only what it needs (the transcode worker's source server, which
// serves ffmpeg a chunk's stretch of an upload) asserts on these, not on
// timing.
type Counting struct {
	blob.Store
	// Opens counts Open calls: whole reads.
	Opens atomic.Int64
	// RangedReads counts the OpenRange calls that opened a reader.
	RangedReads atomic.Int64
	// RangedBytes counts the bytes read from those readers.
	RangedBytes atomic.Int64
}

// Open implements blob.Store, counting the call.
func (s *Counting) Open(ctx context.Context, key string) (io.ReadCloser, blob.Info, error) {
	s.Opens.Add(1)
	return s.Store.Open(ctx, key)
}

// OpenRange implements blob.Store, counting the reader and its bytes.
func (s *Counting) OpenRange(ctx context.Context, key string, offset, length int64) (io.ReadCloser, blob.Info, error) {
	body, info, err := s.Store.OpenRange(ctx, key, offset, length)
	if err != nil {
		return nil, info, err
	}
	s.RangedReads.Add(1)
	return countedBody{ReadCloser: body, read: &s.RangedBytes}, info, nil
}

type countedBody struct {
	io.ReadCloser
	read *atomic.Int64
}

func (b countedBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	b.read.Add(int64(n))
	return n, err
}
