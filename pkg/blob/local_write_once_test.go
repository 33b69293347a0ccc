package blob_test

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/blob"
)

// A presigned PUT URL stores bytes once: a second PUT, or a PUT to a key
// that another write filled, is 409 and changes nothing.
func TestHandlerPutIsWriteOnce(t *testing.T) {
	setup := newLocal(t, blob.Config{})
	ctx := context.Background()
	const key = "uploads/a/u/f.mp4"
	url, err := setup.store.PresignPut(ctx, key, 4, time.Minute)
	require.NoError(t, err)

	resp, body := send(t, http.MethodPut, url, bytes.NewReader([]byte("abcd")), 4)
	require.Equal(t, http.StatusOK, resp.StatusCode, string(body))
	resp, body = send(t, http.MethodPut, url, bytes.NewReader([]byte("wxyz")), 4)
	requireFailure(t, resp, body, http.StatusConflict, "this URL has already been used")

	// A key emptied and marked again by its owner (a tombstone) stays closed.
	require.NoError(t, setup.store.Put(ctx, key, bytes.NewReader(nil), 0, ""))
	resp, body = send(t, http.MethodPut, url, bytes.NewReader([]byte("wxyz")), 4)
	requireFailure(t, resp, body, http.StatusConflict, "this URL has already been used")
	info, err := setup.store.Stat(ctx, key)
	require.NoError(t, err)
	assert.Zero(t, info.Size)
	requireNoTemps(t, setup.dir)
}

// Of PUTs racing to one fresh URL, exactly one stores its bytes.
func TestHandlerConcurrentPutsOneWins(t *testing.T) {
	setup := newLocal(t, blob.Config{})
	const key = "uploads/a/u/race.mp4"
	url, err := setup.store.PresignPut(context.Background(), key, 4, time.Minute)
	require.NoError(t, err)
	codes := make(chan int, 8)
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			resp, _ := send(t, http.MethodPut, url, bytes.NewReader([]byte{byte('a' + i), 'b', 'c', 'd'}), 4)
			codes <- resp.StatusCode
		})
	}
	wg.Wait()
	close(codes)
	won := 0
	for code := range codes {
		if code == http.StatusOK {
			won++
		} else {
			assert.Equal(t, http.StatusConflict, code)
		}
	}
	assert.Equal(t, 1, won)
	r, _, err := setup.store.Open(context.Background(), key)
	require.NoError(t, err)
	defer r.Close()
	data, err := io.ReadAll(r)
	require.NoError(t, err)
	assert.Equal(t, "bcd", string(data[1:]))
	requireNoTemps(t, setup.dir)
}
