package server_test

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/jpeg"
	"image/png"
	"io"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/principal"
)

// captions is a small WebVTT file.
const captions = "WEBVTT\n\n00:00:01.000 --> 00:00:04.000\nHello\n\n00:00:05.000 --> 00:00:07.500\nWorld\n"

// keys lists the blob keys under prefix.
func (b testBundle) keys(t *testing.T, prefix string) []string {
	t.Helper()
	var keys []string
	for info, err := range b.objects.List(t.Context(), prefix) {
		require.NoError(t, err)
		keys = append(keys, info.Key)
	}
	return keys
}

// read returns an object's bytes and content type.
func (b testBundle) read(t *testing.T, key string) ([]byte, string) {
	t.Helper()
	content, info, err := b.objects.Open(t.Context(), key)
	require.NoError(t, err, key)
	defer content.Close()
	data, err := io.ReadAll(content)
	require.NoError(t, err)
	return data, info.ContentType
}

// mediaFolder is the blob prefix of a video's media files.
func mediaFolder(p principal.Principal, videoID string) string {
	return "videos/" + p.AccountID + "/" + videoID + "/"
}

// jpegOfSize returns a real JPEG of exactly size bytes: a small image
// with comment segments after its start marker, as cameras add metadata.
func jpegOfSize(t *testing.T, size int) []byte {
	t.Helper()
	var encoded bytes.Buffer
	require.NoError(t, jpeg.Encode(&encoded, image.NewGray(image.Rect(0, 0, 32, 18)), nil))
	base := encoded.Bytes()
	var padding []byte
	for missing := size - len(base); missing > 0; {
		segment := min(missing, 65537) // marker (2) + length field (2) + at most 65533 bytes
		if rest := missing - segment; rest > 0 && rest < 4 {
			segment -= 4
		}
		require.GreaterOrEqual(t, segment, 4)
		header := []byte{0xFF, 0xFE, 0, 0}
		binary.BigEndian.PutUint16(header[2:], uint16(segment-2))
		padding = append(append(padding, header...), make([]byte, segment-4)...)
		missing -= segment
	}
	out := append(append(append([]byte{}, base[:2]...), padding...), base[2:]...)
	require.Len(t, out, size)
	_, err := jpeg.Decode(bytes.NewReader(out))
	require.NoError(t, err, "a valid JPEG")
	return out
}

// pngFile is a small PNG image.
func pngFile(t *testing.T) []byte {
	t.Helper()
	var out bytes.Buffer
	require.NoError(t, png.Encode(&out, image.NewGray(image.Rect(0, 0, 32, 18))))
	return out.Bytes()
}
