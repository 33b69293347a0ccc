// Package mediatest makes media files for tests: synthetic clips from ffmpeg's
// testsrc2 and sine sources, and broken inputs (text named .mp4, truncated
// files, audio only, a frame too large to open). Generated clips are cached
// by content hash in a shared temporary directory, because a long HD clip
// takes tens of seconds to encode and every package's tests want the same
// few. Tests must treat the returned files as read-only.
package mediatest
