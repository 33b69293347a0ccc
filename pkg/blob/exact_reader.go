package blob

import (
	"errors"
	"fmt"
	"io"
)

// exactReader passes through exactly declared bytes and fails the read that
// would end the body early or late. It looks one byte past the end before
// handing over the last bytes, so the uploader sees the error while the
// request is still open and S3 discards it.
type exactReader struct {
	r         io.Reader
	remaining int64
	declared  int64
	err       error
}

func (e *exactReader) Read(p []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	if e.remaining == 0 {
		return 0, e.checkEnd()
	}
	if int64(len(p)) > e.remaining {
		p = p[:e.remaining]
	}
	n, err := e.r.Read(p)
	e.remaining -= int64(n)
	switch {
	case err == io.EOF && e.remaining > 0:
		e.err = &SizeMismatchError{Declared: e.declared, Received: e.declared - e.remaining}
		return 0, e.err
	case err != nil && err != io.EOF:
		e.err = fmt.Errorf("blob: reading body: %w", err)
		return 0, e.err
	case e.remaining == 0:
		if endErr := e.checkEnd(); !errors.Is(endErr, io.EOF) {
			return 0, endErr
		}
	}
	return n, nil
}

// checkEnd returns io.EOF if the source is exhausted, else a size error.
func (e *exactReader) checkEnd() error {
	var probe [1]byte
	for {
		n, err := e.r.Read(probe[:])
		if n > 0 {
			e.err = &SizeMismatchError{Declared: e.declared, Received: e.declared + 1}
			return e.err
		}
		if err == io.EOF {
			return io.EOF
		}
		if err != nil {
			e.err = fmt.Errorf("blob: reading body: %w", err)
			return e.err
		}
	}
}
