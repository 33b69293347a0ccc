package hooks

import (
	"math/rand/v2"
	"time"
)

// Delivery statuses.
const (
	// DeliveryWaiting waits for its video's outputs: it becomes pending
	// when the video is ready, skipped when it ends in error or is deleted
	// first (docs/hooks.md#when-it-fires).
	DeliveryWaiting = "waiting"
	// DeliveryPending waits for its next attempt.
	DeliveryPending = "pending"
	// DeliverySucceeded got a 2xx answer.
	DeliverySucceeded = "succeeded"
	// DeliveryFailed ran out of attempts, or can never succeed (its
	// service is gone).
	DeliveryFailed = "failed"
	// DeliverySkipped was recorded without an attempt, with the reason.
	DeliverySkipped = "skipped"
)

// Delivery is one hook's action for one event: sent, retried and recorded
// under an id that stays the same on every attempt.
type Delivery struct {
	ID        string
	AccountID string
	HookID    string
	ServiceID string
	VideoID   string
	EventID   string
	// Payload is the body sent, the same bytes on every attempt.
	Payload     []byte
	Status      string
	Attempts    int
	LastStatus  int
	LastLatency time.Duration
	LastError   string
	// NextAttempt is when a pending delivery is due; zero otherwise.
	NextAttempt time.Time
	CreatedTime time.Time
	UpdatedTime time.Time
}

// RetrySchedule is how long a failed attempt waits before the next: eight
// attempts over about a day (docs/hooks.md#deliveries), then failed.
var RetrySchedule = []time.Duration{
	5 * time.Second, 5 * time.Minute, 30 * time.Minute, 2 * time.Hour, 5 * time.Hour, 10 * time.Hour, 10 * time.Hour,
}

// NextWait is how long a delivery waits after its attempts-th failed
// attempt, with up to 10% jitter so receivers that failed together are not
// retried together; false when no attempt is left.
func NextWait(schedule []time.Duration, attempts int) (time.Duration, bool) {
	if attempts < 1 || attempts > len(schedule) {
		return 0, false
	}
	wait := schedule[attempts-1]
	return wait + time.Duration(rand.Int64N(int64(wait)/10+1)), true //nolint:gosec // jitter, not a secret
}
