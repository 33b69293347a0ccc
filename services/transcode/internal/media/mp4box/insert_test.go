package mp4box

import (
	"encoding/binary"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// sampleFile builds moov > trak > mdia > minf > stbl > stsd > entry, with
// an audio track first so the search has to move on to the second trak,
// followed by an mdat that must stay untouched.
func sampleFile(entry string) []byte {
	stsd := func(sample []byte) []byte { return box("stsd", append(make([]byte, 8), sample...)) }
	trak := func(sample []byte) []byte {
		return box("trak", box("mdia", box("minf", box("stbl", stsd(sample)))))
	}
	audio := trak(box("mp4a", make([]byte, 28)))
	video := trak(box(entry, append(make([]byte, 78), box("avcC", []byte{1, 2, 3})...)))
	return append(box("moov", append(audio, video...)), box("mdat", []byte("media"))...)
}

func TestAppendToSampleEntry(t *testing.T) {
	file := sampleFile("avc1")
	sv3d := SphericalBox(ProjectionEquirectangular, Orientation{Yaw: 90, Pitch: -10})
	out, err := AppendToSampleEntry(file, "avc1", sv3d)
	require.NoError(t, err)

	assert.Len(t, out, len(file)+len(sv3d))
	assert.True(t, Contains(out, "avc1", "sv3d"))
	assert.True(t, Contains(out, "avc1", "avcC"), "existing children stay")
	assert.False(t, Contains(file, "avc1", "sv3d"), "the input is not modified")
	moovSize := int(binary.BigEndian.Uint32(out))
	assert.Equal(t, "mdat", string(out[moovSize+4:moovSize+8]), "enclosing sizes grew by the new box")
	assert.Equal(t, "media", string(out[moovSize+8:]))
}

func TestAppendToSampleEntryMissing(t *testing.T) {
	_, err := AppendToSampleEntry(sampleFile("hvc1"), "avc1", []byte{})
	assert.ErrorIs(t, err, ErrNoSampleEntry)
	_, err = AppendToSampleEntry([]byte("not an mp4 at all"), "avc1", []byte{})
	assert.ErrorIs(t, err, ErrNoSampleEntry)
}

func TestSphericalBox(t *testing.T) {
	sv3d := SphericalBox(ProjectionEquirectangular, Orientation{Yaw: 90, Pitch: -10, Roll: 1})
	assert.Equal(t, uint32(len(sv3d)), binary.BigEndian.Uint32(sv3d))
	assert.Equal(t, "sv3d", string(sv3d[4:8]))
	prhd := 8 + 13 + 8 // sv3d header, svhd, proj header
	assert.Equal(t, "prhd", string(sv3d[prhd+4:prhd+8]))
	assert.Equal(t, int32(90<<16), int32(binary.BigEndian.Uint32(sv3d[prhd+12:])))
	assert.Equal(t, int32(-10<<16), int32(binary.BigEndian.Uint32(sv3d[prhd+16:])))
	assert.Equal(t, "equi", string(sv3d[prhd+24+4:prhd+24+8]))

	cubemap := SphericalBox(ProjectionCubemap, Orientation{})
	assert.Equal(t, "cbmp", string(cubemap[prhd+24+4:prhd+24+8]))
}
