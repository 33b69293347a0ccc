// Package chunkstate keeps the record of a chunked transcode job's plan
// (docs/transcoding.md, "Distribution"): which units are released, done,
// failed, and whether the plan is finished. The record is the last message
// of the plan's subject in the CHUNKS stream, and every change is a
// compare-and-set on that subject's sequence, so workers that complete
// units at the same moment are serialised and exactly one of them sees the
// plan become complete. It also holds the plan's playlist claim
// (claim.go), which serialises the writes of the early and final
// playlists.
package chunkstate
