package liveorigin

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestASignatureOpensOneMethodAndPath(t *testing.T) {
	key, other := []byte(strings.Repeat("k", 32)), []byte(strings.Repeat("o", 32))
	path := Path("video1", "stream1", "index.m3u8")
	h := http.Header{}
	Sign(h, http.MethodGet, path, key)
	require.NoError(t, Verify(h, http.MethodGet, path, key))
	assert.ErrorIs(t, Verify(h, http.MethodGet, Path("video1", "stream1", "part3.mp4"), key), ErrUnsigned, "another file")
	assert.ErrorIs(t, Verify(h, http.MethodHead, path, key), ErrUnsigned, "another method")
	assert.ErrorIs(t, Verify(h, http.MethodGet, path, other), ErrUnsigned, "another key")
	assert.ErrorIs(t, Verify(http.Header{}, http.MethodGet, path, key), ErrUnsigned, "no signature")
}

func TestParseAddress(t *testing.T) {
	for raw, ok := range map[string]bool{
		"http://127.0.0.1:9105": true, "https://live-0.live:9105/": true, "http://10.0.0.7:9105": true,
		"": false, "127.0.0.1:9105": false, "ftp://h:1": false, "http://h:1/x": false, "http://u:p@h:1": false,
		"http://h:1?q=1": false, "http://": false,
	} {
		u, err := ParseAddress(raw)
		if !ok {
			assert.ErrorIs(t, err, ErrBadAddress, raw)
			continue
		}
		require.NoError(t, err, raw)
		assert.Empty(t, u.Path)
	}
}

func TestLayout(t *testing.T) {
	assert.Equal(t, "live/ll/master.m3u8", MasterPath)
	assert.Equal(t, "live/ll/s1/origin", AddressPath("s1"))
	assert.Equal(t, "/live/v1/s1/ll/init.mp4", Path("v1", "s1", "init.mp4"))
	assert.True(t, ValidStream("AbC123_-xyz"))
	assert.False(t, ValidStream("../x"))
	assert.False(t, ValidStream(""))
}

func TestValidFile(t *testing.T) {
	for _, file := range []string{"index.m3u8", "init.mp4", "part0.mp4", "part12345.mp4", "seg7.mp4"} {
		assert.True(t, ValidFile(file), file)
	}
	for _, file := range []string{"", "origin", "master.m3u8", "part.mp4", "seg.mp4", "part1.m4s", "partx.mp4", "1.mp4", ".mp4", "part-1.mp4", "part123456789012345678901.mp4"} {
		assert.False(t, ValidFile(file), file)
	}
}
