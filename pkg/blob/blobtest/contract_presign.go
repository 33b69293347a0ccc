package blobtest

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/blob"
)

func testPresignPut(t *testing.T, store blob.Store) {
	const key = "uploads/acc/up1/source.mp4"
	data := randomBytes(200_000, 9)
	url, err := store.PresignPut(context.Background(), key, int64(len(data)), time.Minute)
	require.NoError(t, err)

	status, body := httpDo(t, http.MethodPut, url, data, http.Header{"Content-Type": {"video/mp4"}})
	require.Equal(t, http.StatusOK, status, string(body))
	got, info := readAll(t, store, key)
	assert.Equal(t, data, got)
	assert.Equal(t, "video/mp4", info.ContentType)
}

func testPresignPutWrongSize(t *testing.T, store blob.Store) {
	const declared = 1000
	tests := []struct {
		name string
		size int
	}{
		{"larger", declared + 1},
		{"much larger", declared * 10},
		{"smaller", declared - 1},
		{"empty", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			key := "uploads/acc/wrong/" + strconv.Itoa(tt.size)
			url, err := store.PresignPut(context.Background(), key, declared, time.Minute)
			require.NoError(t, err)
			status, body := httpDo(t, http.MethodPut, url, randomBytes(tt.size, 10), nil)
			assert.GreaterOrEqual(t, status, 400, string(body))
			assert.Less(t, status, 500, string(body))
			requireAbsent(t, store, key)
		})
	}
}

func testPresignGet(t *testing.T, store blob.Store) {
	data := randomBytes(4096, 11)
	put(t, store, "videos/a/v/thumbs/t.jpg", data, "image/jpeg")
	url, err := store.PresignGet(context.Background(), "videos/a/v/thumbs/t.jpg", time.Minute)
	require.NoError(t, err)

	status, body := httpDo(t, http.MethodGet, url, nil, nil)
	require.Equal(t, http.StatusOK, status)
	assert.Equal(t, data, body)

	status, body = httpDo(t, http.MethodGet, url, nil, http.Header{"Range": {"bytes=10-19"}})
	require.Equal(t, http.StatusPartialContent, status)
	assert.Equal(t, data[10:20], body)

	missing, err := store.PresignGet(context.Background(), "videos/a/v/thumbs/missing.jpg", time.Minute)
	require.NoError(t, err)
	status, _ = httpDo(t, http.MethodGet, missing, nil, nil)
	assert.Equal(t, http.StatusNotFound, status)
}

func testPresignTampered(t *testing.T, store blob.Store) {
	ctx := context.Background()
	put(t, store, "a/secret.bin", []byte("classified-bytes"), "")
	putURL, err := store.PresignPut(ctx, "a/allowed.bin", 4, time.Minute)
	require.NoError(t, err)
	getURL, err := store.PresignGet(ctx, "a/allowed.bin", time.Minute)
	require.NoError(t, err)

	tests := []struct {
		name, method, url string
	}{
		{"PUT signature", http.MethodPut, tamperSignature(t, putURL)},
		{"PUT other key", http.MethodPut, strings.Replace(putURL, "/a/allowed.bin?", "/a/secret.bin?", 1)},
		{"GET signature", http.MethodGet, tamperSignature(t, getURL)},
		{"GET other key", http.MethodGet, strings.Replace(getURL, "/a/allowed.bin?", "/a/secret.bin?", 1)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			require.NotEqual(t, putURL, tt.url)
			require.NotEqual(t, getURL, tt.url)
			var body []byte
			if tt.method == http.MethodPut {
				body = []byte("evil")
			}
			status, resp := httpDo(t, tt.method, tt.url, body, nil)
			assert.Equal(t, http.StatusForbidden, status, string(resp))
			assert.NotContains(t, string(resp), "classified-bytes")
		})
	}
	requireAbsent(t, store, "a/allowed.bin")
	got, _ := readAll(t, store, "a/secret.bin")
	assert.Equal(t, "classified-bytes", string(got))
}

// testPresignExpired signs one-second URLs and waits until they have
// certainly expired: the wait only makes the outcome certain, it is not what
// is measured.
func testPresignExpired(t *testing.T, store blob.Store) {
	ctx := context.Background()
	put(t, store, "a/old.bin", []byte("old"), "")
	signedAt := time.Now()
	putURL, err := store.PresignPut(ctx, "a/late.bin", 4, time.Second)
	require.NoError(t, err)
	getURL, err := store.PresignGet(ctx, "a/old.bin", time.Second)
	require.NoError(t, err)
	time.Sleep(time.Until(signedAt.Add(2100 * time.Millisecond)))

	status, body := httpDo(t, http.MethodPut, putURL, []byte("late"), nil)
	assert.Equal(t, http.StatusForbidden, status, string(body))
	status, body = httpDo(t, http.MethodGet, getURL, nil, nil)
	assert.Equal(t, http.StatusForbidden, status, string(body))
	requireAbsent(t, store, "a/late.bin")
}

func testPresignArguments(t *testing.T, store blob.Store) {
	ctx := context.Background()
	for _, ttl := range []time.Duration{0, -time.Minute, time.Millisecond, blob.MaxPresignTTL + time.Second} {
		_, err := store.PresignPut(ctx, "a/b", 1, ttl)
		assert.ErrorIs(t, err, blob.ErrInvalidTTL, "PresignPut ttl %v", ttl)
		_, err = store.PresignGet(ctx, "a/b", ttl)
		assert.ErrorIs(t, err, blob.ErrInvalidTTL, "PresignGet ttl %v", ttl)
	}
	_, err := store.PresignPut(ctx, "a/b", -1, time.Minute)
	assert.Error(t, err, "negative size")
	_, err = store.PresignPut(ctx, "a/b", 1, blob.MaxPresignTTL)
	assert.NoError(t, err, "the longest lifetime is allowed")
}
