package blobtest

import (
	"context"
	"io"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/blob"
)

func testOpenRange(t *testing.T, store blob.Store) {
	ctx := context.Background()
	data := randomBytes(1000, 5)
	put(t, store, "v/seg.m4s", data, "video/iso.segment")
	put(t, store, "v/empty", nil, "")
	tests := []struct {
		name           string
		offset, length int64
		want           []byte
	}{
		{"head", 0, 10, data[:10]},
		{"middle", 500, 1, data[500:501]},
		{"tail to end", 990, -1, data[990:]},
		{"cut at the end", 995, 100, data[995:]},
		{"whole", 0, -1, data},
		{"whole by length", 0, 1000, data},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, info, err := store.OpenRange(ctx, "v/seg.m4s", tt.offset, tt.length)
			require.NoError(t, err)
			defer r.Close()
			got, err := io.ReadAll(r)
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
			assert.Equal(t, int64(1000), info.Size, "Info describes the whole object")
			assert.Equal(t, "video/iso.segment", info.ContentType)
		})
	}
	invalid := []struct{ offset, length int64 }{{1000, 1}, {1000, -1}, {2000, 5}, {-1, 5}, {0, 0}}
	for _, tt := range invalid {
		_, _, err := store.OpenRange(ctx, "v/seg.m4s", tt.offset, tt.length)
		assert.ErrorIs(t, err, blob.ErrInvalidRange, "offset %d length %d", tt.offset, tt.length)
	}
	r, info, err := store.OpenRange(ctx, "v/empty", 0, -1)
	require.NoError(t, err, "the whole of an empty object is a valid range")
	r.Close()
	assert.Equal(t, int64(0), info.Size)
}

func testCopy(t *testing.T, store blob.Store) {
	ctx := context.Background()
	data := randomBytes(3000, 6)
	put(t, store, "uploads/a/u/source.mp4", data, "video/mp4")
	put(t, store, "videos/a/v/source.mp4", []byte("to be replaced"), "text/plain")

	require.NoError(t, store.Copy(ctx, "uploads/a/u/source.mp4", "videos/a/v/source.mp4"))
	got, info := readAll(t, store, "videos/a/v/source.mp4")
	assert.Equal(t, data, got)
	assert.Equal(t, "video/mp4", info.ContentType)
	src, _ := readAll(t, store, "uploads/a/u/source.mp4")
	assert.Equal(t, data, src, "the source stays")
}

func testDelete(t *testing.T, store blob.Store) {
	ctx := context.Background()
	put(t, store, "a/b/c.txt", []byte("x"), "text/plain")
	require.NoError(t, store.Delete(ctx, "a/b/c.txt"))
	requireAbsent(t, store, "a/b/c.txt")
	require.NoError(t, store.Delete(ctx, "a/b/c.txt"), "Delete is idempotent")

	// A new object under the same path starts without the old content type.
	put(t, store, "a/b/c.txt", []byte("y"), "")
	_, info := readAll(t, store, "a/b/c.txt")
	assert.Equal(t, blob.DefaultContentType, info.ContentType)
}

func testDeletePrefix(t *testing.T, store blob.Store) {
	ctx := context.Background()
	for _, key := range []string{"a/1", "a/2", "a/sub/3", "ab/4", "b/5"} {
		put(t, store, key, []byte(key), "")
	}
	require.NoError(t, store.DeletePrefix(ctx, "a/"))
	assert.Equal(t, []string{"ab/4", "b/5"}, listKeys(t, store, ""))

	require.NoError(t, store.DeletePrefix(ctx, "a"), "a partial segment matches like S3")
	assert.Equal(t, []string{"b/5"}, listKeys(t, store, ""))

	require.NoError(t, store.DeletePrefix(ctx, "nothing/here/"))
	assert.Equal(t, []string{"b/5"}, listKeys(t, store, ""))
}

func testList(t *testing.T, store blob.Store) {
	ctx := context.Background()
	keys := []string{
		"videos/acc/v1/hls/master.m3u8", "videos/acc/v1/hls/720p/seg_1.m4s",
		"videos/acc/v2/thumbs/t.jpg", "videos/accX/v3/a.mp4", "uploads/acc/u1/in.mov",
	}
	for i, key := range keys {
		put(t, store, key, randomBytes(i+1, 8), "")
	}
	tests := []struct {
		prefix string
		want   []string
	}{
		{"", slices.Sorted(slices.Values(keys))},
		{"videos/acc/", []string{keys[1], keys[0], keys[2]}},
		{"videos/acc", []string{keys[1], keys[0], keys[2], keys[3]}},
		{"videos/acc/v1/hls/7", []string{keys[1]}},
		{"videos/acc/v2/thumbs/t.jpg", []string{keys[2]}},
		{"nothing/", nil},
	}
	for _, tt := range tests {
		t.Run(tt.prefix, func(t *testing.T) {
			assert.Equal(t, tt.want, listKeys(t, store, tt.prefix))
		})
	}
	for info, err := range store.List(ctx, "videos/acc/v2/") {
		require.NoError(t, err)
		assert.Equal(t, blob.Info{Key: keys[2], Size: 3, ETag: info.ETag, ModTime: info.ModTime}, info)
		assert.NotEmpty(t, info.ETag)
	}
	seen := 0
	for _, err := range store.List(ctx, "") {
		require.NoError(t, err)
		seen++
		break // stopping early must be safe
	}
	assert.Equal(t, 1, seen)
}

// listKeys returns List's keys sorted, since drivers promise no order.
func listKeys(t *testing.T, store blob.Store, prefix string) []string {
	t.Helper()
	var keys []string
	for info, err := range store.List(context.Background(), prefix) {
		require.NoError(t, err)
		keys = append(keys, info.Key)
	}
	slices.Sort(keys)
	return keys
}
