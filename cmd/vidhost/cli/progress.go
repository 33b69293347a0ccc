package cli

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// isTerminal reports whether w is a terminal. A progress bar redraws its
// line with carriage returns: in a pipe, a CI log or a file that is a
// screenful of noise per second, so there it is not drawn at all (the
// results on stdout say how each file ended).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd())) //nolint:gosec // a file descriptor fits an int
}

// bar is a progress bar on stderr when stderr is a terminal and --quiet was
// not given; otherwise one that draws nothing.
func (a *app) bar(total int64, label string, quiet, bytes bool) *progressbar.ProgressBar {
	if quiet || !isTerminal(a.stderr) {
		return progressbar.DefaultSilent(total)
	}
	opts := []progressbar.Option{
		progressbar.OptionSetWriter(a.stderr),
		progressbar.OptionSetDescription(label),
		progressbar.OptionSetWidth(30),
		progressbar.OptionThrottle(100 * time.Millisecond),
		progressbar.OptionShowElapsedTimeOnFinish(),
		progressbar.OptionOnCompletion(func() { fmt.Fprintln(a.stderr) }),
		progressbar.OptionSetPredictTime(bytes),
	}
	if bytes {
		opts = append(opts, progressbar.OptionShowBytes(true), progressbar.OptionShowCount())
	}
	return progressbar.NewOptions64(total, opts...)
}
