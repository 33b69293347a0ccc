// Package media turns a video source into what Vidhost streams: it checks a
// source with ffprobe against Limits, then runs ONE ffmpeg process that
// decodes the source once and encodes the whole ladder into CMAF segments
// shared by a DASH manifest and HLS playlists, plus a progressive MP4; cheap
// extra runs make the thumbnail and the seek-preview sprite. HLS playlists
// are written by this package from the DASH manifest ffmpeg keeps current,
// so they are playable (EVENT) while the ladder encodes and become VOD at the
// end. layout.go lists the files a job writes; Job.OnFile announces each
// one as it lands, so a caller can upload while the ladder still encodes.
// With Job.AV1 the same run also encodes every rendition with SVT-AV1, an
// AV1 variant set in the same manifests (av1.go).
package media
