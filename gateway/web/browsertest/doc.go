// Package browsertest plays the watch/embed pages of package web in a real
// headless Chromium (Debian's /usr/bin/chromium, driven with chromedp)
// against an HLS stream that ffmpeg generates once per run. It is the slow,
// end-to-end check of the player bundle: about 20-30 seconds on two cores,
// skipped by `go test -short`. A failing test saves a screenshot under
// os.TempDir and logs its path.
//
// Its helpers are exported for other browser tests (the playback edge's):
// NewTab, Open, Poll, Eval and Play drive a tab of the shared browser,
// TestMedia generates the stream; a TestMain calls CloseBrowser and
// RemoveMedia at the end.
package browsertest
