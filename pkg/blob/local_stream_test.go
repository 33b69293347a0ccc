package blob_test

import (
	"context"
	"crypto/sha256"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/blob/blobtest"
)

// TestHandlerStreams64MiB PUTs 64 MiB through the handler, chunked so the
// server cannot size a buffer from Content-Length, and checks the file on
// disk and that the whole transfer allocated far less than the object.
// Not parallel: TotalAlloc counts every goroutine of the process.
func TestHandlerStreams64MiB(t *testing.T) {
	const size = 64 << 20
	// OnPut runs on the server's goroutine: a channel hands its calls over.
	calls := make(chan string, 2)
	setup := newLocal(t, blob.Config{OnPut: func(_ context.Context, key string, n int64) {
		calls <- key
		assert.Equal(t, int64(size), n)
	}})
	url, err := setup.store.PresignPut(context.Background(), "uploads/a/u/big.mp4", size, time.Minute)
	require.NoError(t, err)

	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	resp, body := send(t, http.MethodPut, url, blobtest.GeneratedReader(size, 42), -1)
	runtime.ReadMemStats(&after)

	require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
	assert.JSONEq(t, `{"success":true,"result":{"key":"uploads/a/u/big.mp4","size":67108864},"links":{},"errors":[]}`, string(body))
	assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(16<<20), "the body must be streamed, not buffered")
	t.Logf("allocated %d KiB", (after.TotalAlloc-before.TotalAlloc)>>10)
	require.Len(t, calls, 1, "OnPut runs once per stored upload")
	assert.Equal(t, "uploads/a/u/big.mp4", <-calls)

	f, err := os.Open(filepath.Join(setup.dir, "uploads", "a", "u", "big.mp4"))
	require.NoError(t, err)
	defer f.Close()
	h := sha256.New()
	n, err := io.Copy(h, f)
	require.NoError(t, err)
	assert.Equal(t, int64(size), n)
	assert.Equal(t, blobtest.GeneratedSum(size, 42), [32]byte(h.Sum(nil)))
	requireNoTemps(t, setup.dir)
}

func TestHandlerOnPutNotCalledOnFailure(t *testing.T) {
	var called atomic.Bool
	setup := newLocal(t, blob.Config{OnPut: func(context.Context, string, int64) { called.Store(true) }})
	url, err := setup.store.PresignPut(context.Background(), "a/b", 10, time.Minute)
	require.NoError(t, err)
	resp, _ := send(t, http.MethodPut, url, blobtest.GeneratedReader(11, 1), -1)
	assert.Equal(t, http.StatusRequestEntityTooLarge, resp.StatusCode)
	assert.False(t, called.Load())
}
