package media

import (
	"bytes"
	"io"
)

// svtLogErrorsOnly quiets SVT-AV1, which prints its configuration to
// stderr whatever ffmpeg's -loglevel: stderr must carry only failures,
// since its tail becomes the error.
const svtLogErrorsOnly = "SVT_LOG=1"

// svtTeardown is what SVT-AV1 1.4 (Debian 12's) prints when ffmpeg closes
// an encoder that never got its end of stream, which happens only when
// ffmpeg is failing (a muxer refused its header, a write failed); the
// library then waits forever on its own threads, and so would the job,
// until its timeout.
var svtTeardown = []byte("deinit called without sending EOS")

// stderrFilter passes ffmpeg's stderr on line by line, except SVT-AV1's
// teardown line: that one is not the cause of anything, so it must not be
// the error's last line, and it calls onTeardown (once), which kills the
// process. By then ffmpeg has printed why it fails.
type stderrFilter struct {
	out        io.Writer
	onTeardown func()
	partial    []byte
	tornDown   bool
}

// Write is called by one goroutine at a time (os/exec's copier).
func (f *stderrFilter) Write(p []byte) (int, error) {
	f.partial = append(f.partial, p...)
	for {
		end := bytes.IndexByte(f.partial, '\n')
		if end < 0 {
			return len(p), nil
		}
		f.line(f.partial[:end+1])
		f.partial = f.partial[end+1:]
	}
}

// flush passes on a last line that ended without a newline.
func (f *stderrFilter) flush() {
	if len(f.partial) > 0 {
		f.line(f.partial)
		f.partial = nil
	}
}

func (f *stderrFilter) line(line []byte) {
	if !bytes.Contains(line, svtTeardown) {
		_, _ = f.out.Write(line)
		return
	}
	if !f.tornDown {
		f.tornDown = true
		f.onTeardown()
	}
}
