package natsx

import (
	"context"
	"errors"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// cancelLookupTimeout bounds one look-up of a cancel, so a slow bus delays
// no job long.
const cancelLookupTimeout = 5 * time.Second

// Cancelled reports whether cancels (the CANCELS stream) holds a cancel on
// subject (TranscribeCancelSubject, TranscodeCancelSubject). Workers look
// it up by subject before and while they run a job; an error is a failed
// look-up, which callers count as no cancel until the next one.
func Cancelled(ctx context.Context, cancels jetstream.Stream, subject string) (bool, error) {
	ctx, cancel := context.WithTimeout(ctx, cancelLookupTimeout)
	defer cancel()
	_, err := cancels.GetLastMsgForSubject(ctx, subject)
	switch {
	case err == nil:
		return true, nil
	case errors.Is(err, jetstream.ErrMsgNotFound):
		return false, nil
	}
	return false, err
}
