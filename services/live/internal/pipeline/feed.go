package pipeline

import (
	"errors"
	"io"
	"sync"
)

// feedLimit is how much MPEG-TS may wait for ffmpeg before the writer
// drops access units: about 10 s of a 6 Mbit/s stream, so a transcoder
// that only stumbles (a second of CPU taken by a neighbour) loses nothing.
const feedLimit = 8 << 20

var errFeedClosed = errors.New("pipeline: the transcoder's input is closed")

// Feed is ffmpeg's stdin, written without waiting. The ingest's read loop
// also feeds the LL-HLS packager and the restreams, which must not wait
// for a transcoder that is behind: a CPU-starved ffmpeg that stopped
// reading held a WHIP event's LL-HLS for minutes (bench/live, on a loaded
// machine), as a blocking pipe write stopped the whole loop. What ffmpeg
// has not taken yet waits here; past feedLimit, Behind tells the TSWriter
// to drop access units, so a transcoder that cannot keep up loses frames
// of the standard HLS, never those of the low-latency stream or the
// restreams.
type Feed struct {
	mu     sync.Mutex
	buf    []byte // what waits for the writer
	taking int    // bytes the writer is handing to ffmpeg
	closed bool
	err    error         // the write to ffmpeg that failed, if one did
	wake   chan struct{} // a write or Close happened
	done   chan struct{} // closed once the writer is gone and out closed
	out    io.WriteCloser
	limit  int
}

// NewFeed starts writing to out what is written to the Feed.
func NewFeed(out io.WriteCloser) *Feed {
	f := &Feed{out: out, limit: feedLimit, wake: make(chan struct{}, 1), done: make(chan struct{})}
	go f.run()
	return f
}

// Write queues p; it fails only once ffmpeg's input has failed (the
// transcoder is gone) or the Feed is closed.
func (f *Feed) Write(p []byte) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	switch {
	case f.err != nil:
		return 0, f.err
	case f.closed:
		return 0, errFeedClosed
	}
	f.buf = append(f.buf, p...)
	f.signal()
	return len(p), nil
}

// Behind reports whether more than the limit waits for ffmpeg.
func (f *Feed) Behind() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.buf)+f.taking > f.limit
}

// Close lets the writer hand over what waits, then closes ffmpeg's input
// (ffmpeg then finishes its files and exits). Done tells when it has.
func (f *Feed) Close() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.closed = true
	f.signal()
	return nil
}

// Done is closed once ffmpeg's input is closed.
func (f *Feed) Done() <-chan struct{} { return f.done }

func (f *Feed) signal() {
	select {
	case f.wake <- struct{}{}:
	default:
	}
}

// run hands the queue to ffmpeg, a whole batch per write, swapping two
// buffers so that writers append to one while the other is written.
func (f *Feed) run() {
	defer close(f.done)
	defer f.out.Close() //nolint:errcheck // ffmpeg's exit says what went wrong
	var batch []byte
	for {
		f.mu.Lock()
		batch, f.buf = f.buf, batch[:0]
		f.taking = len(batch)
		closed := f.closed
		f.mu.Unlock()
		if len(batch) == 0 {
			if closed {
				return
			}
			<-f.wake
			continue
		}
		_, err := f.out.Write(batch)
		f.mu.Lock()
		f.taking = 0
		if err != nil {
			f.err, f.buf = err, nil
		}
		f.mu.Unlock()
		if err != nil {
			return
		}
	}
}
