// Package media turns a video source into what Vidhost streams: it checks a
// source with ffprobe against Limits, then runs ONE ffmpeg process that
// decodes the source once and encodes the whole ladder into CMAF segments
// shared by a DASH manifest and HLS playlists, plus a progressive MP4; cheap
// extra runs make the thumbnail and the seek-preview sprite. HLS playlists
// are written by this package from the DASH manifest ffmpeg keeps current,
// so they are playable (EVENT) while the ladder encodes and become VOD at the
// end. layout.go lists the files a job writes; Job.OnFile announces each
// one as it lands, so a caller can upload while the ladder still encodes.
// With Job.AV1 a second run, in the background at a lower CPU priority,
// encodes every rendition again with SVT-AV1: an AV1 variant set in the same
// manifests (av1.go), which the publisher merges (mpd_merge.go).
//
// A Job with Adaptive set gets the content-adaptive ladder (adaptive*.go):
// before the ladder, one cheap ffmpeg run seeks to three samples of 0.2-0.5 s
// (shorter for heavy sources),
// encodes them at about 360p with ultrafast CRF (the bits per pixel that
// takes is the source's complexity) and scores, on every 8th frame, each
// rendition against the one below scaled up to it. A small table maps the
// complexity to a CRF and a fraction of the fixed ladder's caps; top rungs
// that add less than a set margin are dropped. Encoding keeps the same
// keyframe grid and outputs, with capped CRF (-crf with the
// VBV's -maxrate/-bufsize, never above the fixed caps) instead of -b:v.
// Whatever the analysis cannot trust (short clips, stills, noise, HDR, a
// failed run) gets the fixed ladder as it is. The score is a
// pluggable Metric: ffmpeg's SSIM, because VMAF (libvmaf) is not packaged
// on Debian 12; SSIM is cheap enough to run inside the first-second budget.
//
// A Job with Chunked set and an output longer than Config.Chunks.Threshold
// is encoded in chunks (chunk_*.go): the plan cuts it where a one-process
// run starts a segment; each chunk is the ladder's run narrowed to it,
// keeping the source's timestamps and keyframe grid; the audio is one run
// for the whole output; collect.go renames each run's segments to the
// one-process names, and the stitcher writes the muxer's manifest from the
// chunks' for the publisher, so the outputs are those of one run. The MP4
// is remuxed from the segments (download.go). The same pieces run on
// several workers from the plan's record (plan_record.go, chunk_unit.go):
// each chunk and the audio apart, then the stitch from the stored records
// and segments (stitch_unit.go).
package media
