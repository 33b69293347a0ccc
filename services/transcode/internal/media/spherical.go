package media

import (
	"os"

	"github.com/vidhost/vidhost/services/transcode/internal/media/mp4box"
)

// markSpherical writes 360° metadata into a CMAF init segment. What
// survives where (ffmpeg 5.1):
//   - the progressive MP4: ffmpeg copies the source's spherical side data
//     and writes sv3d itself (with strict=unofficial, see teeOutputs);
//   - CMAF init segments: the DASH muxer drops side data, so it is added
//     here, before the init segment is announced;
//   - HLS/DASH manifests have no standard 360° flag: players learn it from
//     the init segment or from the catalog's spherical field.
//
// Stereo layout (st3d) is not carried over.
// entry is the video's sample entry: "avc1", or "av01" in the AV1 set.
func markSpherical(initSegment, entry string, spherical Spherical) error {
	data, err := os.ReadFile(initSegment) //nolint:gosec // G304: an init segment ffmpeg just wrote to the job's output directory
	if err != nil {
		return err
	}
	if mp4box.Contains(data, entry, "sv3d") {
		return nil // a redelivered job finds it already marked
	}
	pose := mp4box.Orientation{Yaw: spherical.Yaw, Pitch: spherical.Pitch, Roll: spherical.Roll}
	data, err = mp4box.AppendToSampleEntry(data, entry, mp4box.SphericalBox(spherical.Projection, pose))
	if err != nil {
		return err
	}
	return writeFileAtomic(initSegment, data)
}
