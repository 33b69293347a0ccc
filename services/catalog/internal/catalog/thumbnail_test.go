package catalog

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func encodeJPEG(t *testing.T, width, height int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, width, height))
	for i := range img.Pix {
		img.Pix[i] = byte(i * 7)
	}
	var out bytes.Buffer
	require.NoError(t, jpeg.Encode(&out, img, &jpeg.Options{Quality: 80}))
	return out.Bytes()
}

// withDimensions rewrites the frame header of a baseline JPEG, the way a
// "decompression bomb" declares a huge image in a few bytes.
func withDimensions(t *testing.T, data []byte, width, height uint16) []byte {
	t.Helper()
	out := bytes.Clone(data)
	sof := bytes.Index(out, []byte{0xFF, 0xC0})
	require.Positive(t, sof, "a baseline frame header")
	binary.BigEndian.PutUint16(out[sof+5:], height)
	binary.BigEndian.PutUint16(out[sof+7:], width)
	return out
}

func TestCheckJPEG(t *testing.T) {
	small := encodeJPEG(t, 64, 36)
	var pngFile bytes.Buffer
	require.NoError(t, png.Encode(&pngFile, image.NewGray(image.Rect(0, 0, 8, 8))))
	gray := image.NewGray(image.Rect(0, 0, 16, 16))
	gray.SetGray(1, 1, color.Gray{Y: 200})
	var grayJPEG bytes.Buffer
	require.NoError(t, jpeg.Encode(&grayJPEG, gray, nil))
	notJPEG := "url must reference a JPEG image: the file is not a valid JPEG"
	tooBig := "url must reference a JPEG image of at most 7680 pixels a side and 33177600 pixels in all (8K)"
	tests := []struct {
		name    string
		data    []byte
		wantErr string
	}{
		{"colour", small, ""},
		{"grey", grayJPEG.Bytes(), ""},
		{"PNG", pngFile.Bytes(), notJPEG},
		{"text", []byte("WEBVTT\n"), notJPEG},
		{"empty", nil, notJPEG},
		{"truncated", small[:len(small)/2], notJPEG},
		{"header only", small[:200], notJPEG},
		{"too wide", withDimensions(t, small, 7681, 36), tooBig},
		{"too many pixels", withDimensions(t, small, 7680, 4321), tooBig},
		{"bomb", withDimensions(t, small, 65000, 65000), tooBig},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assertValidation(t, checkJPEG(tt.data), tt.wantErr)
		})
	}
}

func TestCustomThumbnailIsToldByItsPath(t *testing.T) {
	v := Video{Thumbnail: MediaFile{Path: customThumbnailPath("abc")}}
	assert.Equal(t, "thumbs/custom-abc.jpg", v.Thumbnail.Path)
	assert.True(t, v.HasCustomThumbnail())
	assert.False(t, Video{Thumbnail: MediaFile{Path: "thumbs/thumbnail.jpg"}}.HasCustomThumbnail())
	assert.False(t, Video{}.HasCustomThumbnail())
}
