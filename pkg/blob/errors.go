package blob

import "fmt"

// SizeMismatchError says how a body differed from its declared size. It
// matches ErrSizeMismatch with errors.Is.
type SizeMismatchError struct {
	Declared int64
	// Received is the number of bytes read; when the body was too long it
	// is Declared+1, because reading stops at the first extra byte.
	Received int64
}

func (e *SizeMismatchError) Error() string {
	if e.TooLarge() {
		return fmt.Sprintf("blob: body is larger than the declared %d bytes", e.Declared)
	}
	return fmt.Sprintf("blob: body has %d bytes, %d declared", e.Received, e.Declared)
}

// Is makes errors.Is(err, ErrSizeMismatch) true.
func (e *SizeMismatchError) Is(target error) bool { return target == ErrSizeMismatch }

// TooLarge reports whether the body was longer than declared.
func (e *SizeMismatchError) TooLarge() bool { return e.Received > e.Declared }
