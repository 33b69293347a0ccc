package blobtest

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/blob"
)

func testPutOpenStat(t *testing.T, store blob.Store) {
	const key = "videos/acc1/vid1/mp4/720p.mp4"
	data := randomBytes(100_000, 1)
	put(t, store, key, data, "video/mp4")

	got, info := readAll(t, store, key)
	assert.Equal(t, data, got)
	assert.Equal(t, blob.Info{Key: key, Size: 100_000, ContentType: "video/mp4", ETag: info.ETag, ModTime: info.ModTime}, info)
	assert.NotEmpty(t, info.ETag)
	assert.WithinDuration(t, time.Now(), info.ModTime, time.Hour, "ModTime is the write time")

	stat, err := store.Stat(context.Background(), key)
	require.NoError(t, err)
	assert.Equal(t, info.Size, stat.Size)
	assert.Equal(t, info.ContentType, stat.ContentType)
	assert.Equal(t, info.ETag, stat.ETag)

	// Put replaces the object, content type included.
	replacement := randomBytes(5_000, 2)
	put(t, store, key, replacement, "")
	got, info = readAll(t, store, key)
	assert.Equal(t, replacement, got)
	assert.Equal(t, blob.DefaultContentType, info.ContentType)
	assert.NotEqual(t, stat.ETag, info.ETag, "a new body has a new ETag")
}

func testEmptyObject(t *testing.T, store blob.Store) {
	put(t, store, "uploads/a/u/empty.vtt", nil, "text/vtt")
	got, info := readAll(t, store, "uploads/a/u/empty.vtt")
	assert.Empty(t, got)
	assert.Equal(t, int64(0), info.Size)
	assert.Equal(t, "text/vtt", info.ContentType)
}

// testLargeObject streams 20 MiB, past minio-go's 16 MiB multipart
// threshold, from a generator and checks it by hash.
func testLargeObject(t *testing.T, store blob.Store) {
	const size = 20 << 20
	ctx := context.Background()
	require.NoError(t, store.Put(ctx, "uploads/a/u/big.mp4", GeneratedReader(size, 7), size, "video/mp4"))
	r, info, err := store.Open(ctx, "uploads/a/u/big.mp4")
	require.NoError(t, err)
	defer r.Close()
	assert.Equal(t, int64(size), info.Size)
	assert.Equal(t, GeneratedSum(size, 7), sumOf(r))
}

func testSizeMismatch(t *testing.T, store blob.Store) {
	ctx := context.Background()
	put(t, store, "uploads/a/existing.bin", []byte("old"), "")
	tests := []struct {
		name     string
		key      string
		body     io.Reader
		declared int64
	}{
		{"body shorter", "uploads/a/short.bin", bytes.NewReader(randomBytes(5, 3)), 10},
		{"body longer", "uploads/a/long.bin", bytes.NewReader(randomBytes(15, 3)), 10},
		{"empty body", "uploads/a/none.bin", strings.NewReader(""), 1},
		{"one byte more than empty", "uploads/a/one.bin", strings.NewReader("x"), 0},
		{"large body longer", "uploads/a/large.bin", GeneratedReader(17<<20+1, 4), 17 << 20},
		{"large body shorter", "uploads/a/large2.bin", GeneratedReader(17<<20-1, 4), 17 << 20},
		{"overwrite keeps the old object", "uploads/a/existing.bin", strings.NewReader("toolong"), 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := store.Put(ctx, tt.key, tt.body, tt.declared, "")
			require.ErrorIs(t, err, blob.ErrSizeMismatch)
			if tt.key == "uploads/a/existing.bin" {
				got, _ := readAll(t, store, tt.key)
				assert.Equal(t, "old", string(got))
				return
			}
			requireAbsent(t, store, tt.key)
		})
	}
}

func testCanceledPut(t *testing.T, store blob.Store) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err := store.Put(ctx, "uploads/a/canceled.bin", strings.NewReader("data"), 4, "")
	require.Error(t, err)
	requireAbsent(t, store, "uploads/a/canceled.bin")
}

func testInvalidContentType(t *testing.T, store blob.Store) {
	err := store.Put(context.Background(), "a/b.bin", strings.NewReader("x"), 1, "not a type")
	require.ErrorIs(t, err, blob.ErrInvalidContentType)
	requireAbsent(t, store, "a/b.bin")
}

func testNotFound(t *testing.T, store blob.Store) {
	ctx := context.Background()
	put(t, store, "a/file.bin", []byte("x"), "")
	for _, key := range []string{"missing.bin", "a/missing.bin", "a", "a/file.bin/below"} {
		t.Run(key, func(t *testing.T) {
			_, err := store.Stat(ctx, key)
			assert.ErrorIs(t, err, blob.ErrNotFound)
			_, _, err = store.Open(ctx, key)
			assert.ErrorIs(t, err, blob.ErrNotFound)
			_, _, err = store.OpenRange(ctx, key, 0, 1)
			assert.ErrorIs(t, err, blob.ErrNotFound)
			assert.ErrorIs(t, store.Copy(ctx, key, "copy.bin"), blob.ErrNotFound)
			assert.NoError(t, store.Delete(ctx, key), "deleting a missing object succeeds")
		})
	}
}

func testInvalidKey(t *testing.T, store blob.Store) {
	ctx := context.Background()
	for _, key := range []string{"", "/abs", "../up", "a/../b", "nul\x00", "sp ace", ".tmp/x"} {
		t.Run(key, func(t *testing.T) {
			checks := map[string]error{
				"Put":        store.Put(ctx, key, strings.NewReader("x"), 1, ""),
				"Stat":       second(store.Stat(ctx, key)),
				"Open":       third(store.Open(ctx, key)),
				"OpenRange":  third(store.OpenRange(ctx, key, 0, 1)),
				"Delete":     store.Delete(ctx, key),
				"CopyFrom":   store.Copy(ctx, key, "ok"),
				"CopyTo":     store.Copy(ctx, "ok", key),
				"PresignPut": second(store.PresignPut(ctx, key, 1, time.Minute)),
				"PresignGet": second(store.PresignGet(ctx, key, time.Minute)),
			}
			for method, err := range checks {
				assert.ErrorIs(t, err, blob.ErrInvalidKey, method)
			}
		})
	}
	for _, prefix := range []string{"", "/", "../", "a//"} {
		assert.ErrorIs(t, store.DeletePrefix(ctx, prefix), blob.ErrInvalidKey, "DeletePrefix %q", prefix)
	}
	for _, err := range store.List(ctx, "../") {
		assert.ErrorIs(t, err, blob.ErrInvalidKey)
	}
}

func second[T any](_ T, err error) error { return err }

func third[A, B any](_ A, _ B, err error) error { return err }
