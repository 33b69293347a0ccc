package signin

import (
	"context"
	"errors"
	"time"

	"github.com/vidhost/vidhost/services/identity/internal/password"
)

// reservation is an attempt counted as a failure before it is checked, so
// that concurrent attempts see each other (docs/authentication.md): it
// stays counted when the attempt fails, and is released when it does not.
type reservation struct {
	ids []int64
}

// reserve counts an attempt against email and clientIP (either may be
// empty) before it is checked, or refuses it with ErrRateLimited when one
// of them is at its limit.
func (s *Service) reserve(ctx context.Context, email, clientIP string, now time.Time) (reservation, error) {
	var subjects []Subject
	if email != "" {
		subjects = append(subjects, Subject{Key: "email:" + email, Max: MaxPerEmail})
	}
	if clientIP != "" {
		subjects = append(subjects, Subject{Key: "ip:" + clientIP, Max: MaxPerAddress})
	}
	ids, ok, err := s.store.ReserveAttempt(ctx, subjects, now, now.Add(-FailureWindow))
	if err != nil {
		return reservation{}, err
	}
	if !ok {
		return reservation{}, ErrRateLimited
	}
	return reservation{ids: ids}, nil
}

// release uncounts r: the attempt proved its password (or code), or was
// refused before anything was guessed. A failure to release is logged and
// leaves the attempt counted, which errs on the side of the limit.
func (s *Service) release(ctx context.Context, r reservation) {
	// Not ctx: a caller that left after its attempt was checked still
	// did not fail.
	if err := s.store.ReleaseAttempt(context.WithoutCancel(ctx), r.ids); err != nil {
		s.logger.ErrorContext(ctx, "sign-in: attempt not released", "error", err)
	}
}

// counted reports whether an attempt that ended in err stays counted: a
// wrong guess, or one refused as busy (it may be retried, but a flood of
// them must meet the limit too). Anything else is released.
func counted(err error) bool {
	return errors.Is(err, ErrFailed) || errors.Is(err, ErrCodeInvalid) || errors.Is(err, errPasswordWrong) ||
		errors.Is(err, ErrResetInvalid) || errors.Is(err, password.ErrBusy)
}

// settle releases r unless the attempt's outcome err counts.
func (s *Service) settle(ctx context.Context, r reservation, err error) {
	if !counted(err) {
		s.release(ctx, r)
	}
}
