// Package browsertest plays videos through the real playback edge in
// headless Chromium: the edge's handlers (package playback) over a fake
// catalog and identity, a local blob store holding an ffmpeg-generated HLS
// stream, and the player bundle of package web. It reuses the browser and
// media helpers of gateway/web/browsertest. About 20 seconds on two cores;
// skipped by `go test -short`. A failing test saves a screenshot under
// os.TempDir. BenchmarkEmbedFirstFrame measures time to first frame (run by
// bench/delivery).
package browsertest
