package mp4box

import "encoding/binary"

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
	binary.BigEndian.PutUint32(orientation[4:], uint32(int32(pose.Yaw)<<16)) // 16.16 fixed point
	binary.BigEndian.PutUint32(orientation[8:], uint32(int32(pose.Pitch)<<16))
	binary.BigEndian.PutUint32(orientation[12:], uint32(int32(pose.Roll)<<16))
	mapping := box("equi", make([]byte, 20)) // version, flags, no cropping bounds
	if projection == ProjectionCubemap {
		mapping = box("cbmp", make([]byte, 12)) // version, flags, layout 0, no padding
	}
	projectionBox := box("proj", append(box("prhd", orientation), mapping...))
	return box("sv3d", append(header, projectionBox...))
}

func box(boxType string, payload []byte) []byte {
	out := make([]byte, 8, 8+len(payload))
	binary.BigEndian.PutUint32(out, uint32(8+len(payload)))
	copy(out[4:], boxType)
	return append(out, payload...)
}
