// Package mp4box edits ISO-BMFF (MP4) box trees in memory, just enough to add a
// box to a sample entry. The transcoder uses it to write 360° (spherical)
// metadata into CMAF init segments, because ffmpeg's DASH muxer drops it; test
// helpers use it to make spherical test sources, because ffmpeg 5.1 cannot.
package mp4box
