package blobtest

import (
	"bytes"
	"context"
	"crypto/sha256"
	"io"
	"math/rand/v2"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/blob"
)

// RunContract checks the behaviour every blob.Store driver shares.
// newStore returns an empty store for one subtest; its presigned URLs must
// be reachable (for Local, serve Handler at PublicBaseURL).
//
// Wrong-sized presigned PUTs must be refused with a 4xx status and store
// nothing: Local's handler answers 413 or 400; the S3 driver signs
// Content-Length, so the S3 service answers 403.
func RunContract(t *testing.T, newStore func(t *testing.T) blob.Store) {
	t.Run("PutOpenStat", func(t *testing.T) { testPutOpenStat(t, newStore(t)) })
	t.Run("EmptyObject", func(t *testing.T) { testEmptyObject(t, newStore(t)) })
	t.Run("LargeObjectStreams", func(t *testing.T) { testLargeObject(t, newStore(t)) })
	t.Run("SizeMismatch", func(t *testing.T) { testSizeMismatch(t, newStore(t)) })
	t.Run("CanceledPut", func(t *testing.T) { testCanceledPut(t, newStore(t)) })
	t.Run("InvalidContentType", func(t *testing.T) { testInvalidContentType(t, newStore(t)) })
	t.Run("NotFound", func(t *testing.T) { testNotFound(t, newStore(t)) })
	t.Run("InvalidKey", func(t *testing.T) { testInvalidKey(t, newStore(t)) })
	t.Run("OpenRange", func(t *testing.T) { testOpenRange(t, newStore(t)) })
	t.Run("Copy", func(t *testing.T) { testCopy(t, newStore(t)) })
	t.Run("Delete", func(t *testing.T) { testDelete(t, newStore(t)) })
	t.Run("DeletePrefix", func(t *testing.T) { testDeletePrefix(t, newStore(t)) })
	t.Run("List", func(t *testing.T) { testList(t, newStore(t)) })
	t.Run("PresignPut", func(t *testing.T) { testPresignPut(t, newStore(t)) })
	t.Run("PresignPutWrongSize", func(t *testing.T) { testPresignPutWrongSize(t, newStore(t)) })
	t.Run("PresignGet", func(t *testing.T) { testPresignGet(t, newStore(t)) })
	t.Run("PresignTampered", func(t *testing.T) { testPresignTampered(t, newStore(t)) })
	t.Run("PresignExpired", func(t *testing.T) { testPresignExpired(t, newStore(t)) })
	t.Run("PresignArguments", func(t *testing.T) { testPresignArguments(t, newStore(t)) })
}

// randomBytes returns n reproducible pseudo-random bytes.
func randomBytes(n int, seed uint64) []byte {
	b := make([]byte, n)
	_, _ = rand.NewChaCha8([32]byte{byte(seed)}).Read(b)
	return b
}

// GeneratedReader yields size reproducible pseudo-random bytes without
// holding them, so tests can stream objects larger than they want in memory.
func GeneratedReader(size int64, seed uint64) io.Reader {
	return io.LimitReader(rand.NewChaCha8([32]byte{byte(seed), 1}), size)
}

// GeneratedSum is the SHA-256 of GeneratedReader(size, seed).
func GeneratedSum(size int64, seed uint64) [32]byte {
	return sumOf(GeneratedReader(size, seed))
}

func sumOf(r io.Reader) [32]byte {
	h := sha256.New()
	_, _ = io.Copy(h, r)
	return [32]byte(h.Sum(nil))
}

func put(t *testing.T, store blob.Store, key string, data []byte, contentType string) {
	t.Helper()
	err := store.Put(context.Background(), key, bytes.NewReader(data), int64(len(data)), contentType)
	require.NoError(t, err, "Put %s", key)
}

func readAll(t *testing.T, store blob.Store, key string) ([]byte, blob.Info) {
	t.Helper()
	r, info, err := store.Open(context.Background(), key)
	require.NoError(t, err, "Open %s", key)
	defer r.Close()
	data, err := io.ReadAll(r)
	require.NoError(t, err)
	return data, info
}

func requireAbsent(t *testing.T, store blob.Store, key string) {
	t.Helper()
	_, err := store.Stat(context.Background(), key)
	require.ErrorIs(t, err, blob.ErrNotFound, "%s must not exist", key)
}

// httpDo sends one request to a presigned URL with a plain client, as a
// browser or curl would, and returns the status and body.
func httpDo(t *testing.T, method, url string, body []byte, header http.Header) (int, []byte) {
	t.Helper()
	var reader io.Reader
	if body != nil {
		reader = bytes.NewReader(body)
	}
	req, err := http.NewRequest(method, url, reader)
	require.NoError(t, err)
	for name, values := range header {
		req.Header[name] = values
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp.StatusCode, data
}

// tamperSignature changes one character of the URL's signature (Local's
// "sig" or S3's "X-Amz-Signature").
func tamperSignature(t *testing.T, url string) string {
	t.Helper()
	for _, name := range []string{"sig=", "X-Amz-Signature="} {
		i := strings.Index(url, name)
		if i < 0 {
			continue
		}
		end := i + len(name)
		for end < len(url) && url[end] != '&' {
			end++
		}
		last := url[end-1]
		flipped := byte('0')
		if last == '0' {
			flipped = '1'
		}
		return url[:end-1] + string(flipped) + url[end:]
	}
	t.Fatalf("no signature parameter in %s", url)
	return ""
}
