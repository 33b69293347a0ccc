package mp4box

import (
	"encoding/binary"
	"math"
)

// Projection values for SphericalBox, as named by the Spherical Video V2 RFC.
const (
	ProjectionEquirectangular = "equirectangular"
	ProjectionCubemap         = "cubemap"
)

// Orientation is the pose of a spherical video in whole degrees.
type Orientation struct {
	Yaw, Pitch, Roll int
}

// SphericalBox builds an sv3d box (Google's Spherical Video V2 RFC), which is
// what ffmpeg and players read from a video sample entry. An unknown
// projection is written as equirectangular, the only one the API offers.
func SphericalBox(projection string, pose Orientation) []byte {
	header := box("svhd", []byte{0, 0, 0, 0, 0}) // version, flags, empty source name
	orientation := make([]byte, 16)
	binary.BigEndian.PutUint32(orientation[4:], fixed16(pose.Yaw))
	binary.BigEndian.PutUint32(orientation[8:], fixed16(pose.Pitch))
	binary.BigEndian.PutUint32(orientation[12:], fixed16(pose.Roll))
	mapping := box("equi", make([]byte, 20)) // version, flags, no cropping bounds
	if projection == ProjectionCubemap {
		mapping = box("cbmp", make([]byte, 12)) // version, flags, layout 0, no padding
	}
	projectionBox := box("proj", append(box("prhd", orientation), mapping...))
	return box("sv3d", append(header, projectionBox...))
}

// fixed16 is degrees in 16.16 fixed point. The pose comes from the source's
// own 16.16 fields (through ffprobe), so it fits; anything else is clamped.
func fixed16(degrees int) uint32 {
	if degrees > math.MaxInt16 {
		degrees = math.MaxInt16
	}
	if degrees < math.MinInt16 {
		degrees = math.MinInt16
	}
	return uint32(int32(degrees) << 16) //nolint:gosec // G115: two's complement is the encoding of a negative angle
}

func box(boxType string, payload []byte) []byte {
	out := make([]byte, 8, 8+len(payload))
	binary.BigEndian.PutUint32(out, uint32(8+len(payload))) //nolint:gosec // bounded: payloads are the few bytes SphericalBox builds
	copy(out[4:], boxType)
	return append(out, payload...)
}
