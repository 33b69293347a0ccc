package blob_test

import (
	"context"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/blob/blobtest"
)

// Upload throughput benchmarks, run by bench/blob/run.sh next to dd. Each
// iteration sends BLOB_BENCH_BYTES (default 1 GiB) through a presigned PUT,
// the way clients upload. Temporary directories follow TMPDIR, so the
// script points TMPDIR at the disk it measures.

func benchSize(b *testing.B) int64 {
	if v := os.Getenv("BLOB_BENCH_BYTES"); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		require.NoError(b, err, "BLOB_BENCH_BYTES")
		return n
	}
	return 1 << 30
}

func BenchmarkPresignedPutLocal(b *testing.B) {
	mux := http.NewServeMux()
	srv := httptest.NewServer(mux)
	b.Cleanup(srv.Close)
	store, err := blob.NewLocal(blob.Config{Dir: b.TempDir(), PublicBaseURL: srv.URL, SigningSecret: testSecret})
	require.NoError(b, err)
	mux.Handle(blob.HandlerPath, store.Handler())
	benchPresignedPut(b, store)
}

func BenchmarkPresignedPutVersityGW(b *testing.B) {
	store, err := blob.Open(context.Background(), blobtest.StartVersityGW(b))
	require.NoError(b, err)
	benchPresignedPut(b, store)
}

func benchPresignedPut(b *testing.B, store blob.Store) {
	size := benchSize(b)
	ctx := context.Background()
	b.SetBytes(size)
	for b.Loop() {
		url, err := store.PresignPut(ctx, "bench/upload.bin", size, time.Hour)
		require.NoError(b, err)
		req, err := http.NewRequest(http.MethodPut, url, newRepeatReader(size))
		require.NoError(b, err)
		req.ContentLength = size
		resp, err := http.DefaultClient.Do(req)
		require.NoError(b, err)
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		require.Equal(b, http.StatusOK, resp.StatusCode)
		b.StopTimer()
		require.NoError(b, store.Delete(ctx, "bench/upload.bin"))
		b.StartTimer()
	}
}

// repeatReader yields size bytes by repeating one random megabyte, so the
// client costs next to nothing and the server's path is what is measured.
type repeatReader struct {
	block     []byte
	offset    int
	remaining int64
}

func newRepeatReader(size int64) *repeatReader {
	block := make([]byte, 1<<20)
	_, _ = rand.NewChaCha8([32]byte{9}).Read(block)
	return &repeatReader{block: block, remaining: size}
}

func (r *repeatReader) Read(p []byte) (int, error) {
	if r.remaining == 0 {
		return 0, io.EOF
	}
	if int64(len(p)) > r.remaining {
		p = p[:r.remaining]
	}
	n := copy(p, r.block[r.offset:])
	r.offset = (r.offset + n) % len(r.block)
	r.remaining -= int64(n)
	return n, nil
}
