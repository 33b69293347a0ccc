package fetch

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"
)

// idleReader calls onIdle when no bytes arrive for idle: a server that
// sends headers and then stalls must not hold a worker for two hours.
type idleReader struct {
	r     io.Reader
	idle  time.Duration
	timer *time.Timer
}

func newIdleReader(r io.Reader, idle time.Duration, onIdle func()) *idleReader {
	return &idleReader{r: r, idle: idle, timer: time.AfterFunc(idle, onIdle)}
}

func (r *idleReader) Read(p []byte) (int, error) {
	n, err := r.r.Read(p)
	if n > 0 {
		r.timer.Reset(r.idle)
	}
	return n, err
}

func (r *idleReader) stop() { r.timer.Stop() }

// writeFile copies at most maxBytes from body into a temporary file beside
// path and renames it into place, so path only ever holds a whole download.
func writeFile(path string, body io.Reader, maxBytes int64) (int64, error) {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".part-*")
	if err != nil {
		return 0, err
	}
	defer os.Remove(tmp.Name()) // after a successful rename there is nothing to remove
	written, err := io.Copy(tmp, io.LimitReader(body, maxBytes+1))
	if closeErr := tmp.Close(); err == nil {
		err = closeErr
	}
	if err != nil {
		return 0, err
	}
	if written > maxBytes {
		return 0, fmt.Errorf("%w of %d bytes", ErrTooLarge, maxBytes)
	}
	return written, os.Rename(tmp.Name(), path)
}
