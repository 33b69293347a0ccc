package vidhost

import (
	"context"
	"math/rand/v2"
	"net/http"
	"strconv"
	"time"
)

// RetryPolicy says how often and how patiently idempotent calls are repeated
// after a 429, a 5xx or a network error.
type RetryPolicy struct {
	// MaxAttempts counts the first try; 0 or 1 means no retries.
	MaxAttempts int
	// BaseDelay is the wait before the first retry; it doubles each time.
	BaseDelay time.Duration
	// MaxDelay caps one wait, Retry-After included (a server asking for an
	// hour should fail the call rather than hang it).
	MaxDelay time.Duration
}

// DefaultRetryPolicy is four attempts waiting about 0.5 s, 1 s and 2 s.
var DefaultRetryPolicy = RetryPolicy{MaxAttempts: 4, BaseDelay: 500 * time.Millisecond, MaxDelay: 30 * time.Second}

// retryable reports whether a response status is worth another attempt.
func retryable(status int) bool {
	return status == http.StatusTooManyRequests || status >= 500
}

// idempotent reports whether repeating a method cannot do anything twice.
func idempotent(method string) bool {
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodPut, http.MethodDelete, http.MethodOptions:
		return true
	}
	return false
}

// delay is the wait before retry number attempt (1 for the first retry):
// the server's Retry-After when it sent one, else exponential backoff with
// full jitter so that many clients refused together do not return together.
func (p RetryPolicy) delay(attempt int, resp *http.Response) time.Duration {
	if d, ok := retryAfter(resp); ok {
		return min(d, p.MaxDelay)
	}
	backoff := p.BaseDelay << (attempt - 1)
	if backoff <= 0 || backoff > p.MaxDelay {
		backoff = p.MaxDelay
	}
	return backoff/2 + rand.N(backoff/2+1) //nolint:gosec // jitter, not a secret
}

// retryAfter reads Retry-After in seconds or as an HTTP date.
func retryAfter(resp *http.Response) (time.Duration, bool) {
	if resp == nil {
		return 0, false
	}
	v := resp.Header.Get("Retry-After")
	if v == "" {
		return 0, false
	}
	if secs, err := strconv.Atoi(v); err == nil && secs >= 0 {
		return time.Duration(secs) * time.Second, true
	}
	if at, err := http.ParseTime(v); err == nil {
		return max(time.Until(at), 0), true
	}
	return 0, false
}

// sleep waits d or until ctx is done.
func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
