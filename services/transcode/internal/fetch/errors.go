package fetch

import (
	"errors"
	"fmt"
)

// Errors a fetch can end with. Their messages may be shown to the user who
// sent the URL.
var (
	ErrBlockedAddress   = errors.New("source URL points to a private or reserved address")
	ErrScheme           = errors.New("source URL must use http or https")
	ErrTooManyRedirects = errors.New("source URL redirects too many times")
	ErrTooLarge         = errors.New("source is larger than the size limit")
	ErrIdle             = errors.New("source stopped sending data")
	ErrTimeout          = errors.New("source took too long to download")
)

// StatusError is a response other than 200 OK.
type StatusError struct {
	Code   int
	Status string // "404 Not Found"
}

func (e *StatusError) Error() string {
	return fmt.Sprintf("source URL returned %s", e.Status)
}
