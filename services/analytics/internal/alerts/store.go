package alerts

import (
	"context"
	"time"
)

// Store keeps the hourly roll-up the rule reads, the passes over closed
// hours and the alerts announced. Unlike the report methods, its reads
// span every account: the watcher judges every account's videos, and each
// alert names its own account.
type Store interface {
	// InTx runs fn in one transaction, committed if fn returns nil: an
	// alert, its event and the pass's progress stand or fall together.
	InTx(ctx context.Context, fn func(Tx) error) error
	// DoneHours returns the hours from since on whose pass is done.
	DoneHours(ctx context.Context, since time.Time) ([]time.Time, error)
	// Forget deletes the hourly sums, passes and alerts of hours before
	// before.
	Forget(ctx context.Context, before time.Time) error
}

// Pass is how far the judging of a closed hour got.
type Pass struct {
	Hour  time.Time
	After Key
	Done  bool
}

// Tx is what one page of a pass does, in a transaction.
type Tx interface {
	// LockPass returns hour's pass, created if new, locked until the
	// transaction ends; ok is false when another transaction (a replica)
	// holds it: that one is judging the hour now.
	LockPass(ctx context.Context, hour time.Time) (p Pass, ok bool, err error)
	// SavePass stores p's progress.
	SavePass(ctx context.Context, p Pass) error
	// VideoHours returns up to limit video hours of hour with at least
	// minPlays plays, after the key after, in key order.
	VideoHours(ctx context.Context, hour time.Time, after Key, minPlays int64, limit int) ([]VideoHour, error)
	// RecordAlert stores a and its event, to be published after the
	// commit, unless the video's hour was announced before; it reports
	// whether it did.
	RecordAlert(ctx context.Context, a Alert) (bool, error)
}

// Progress says how far the view events are stored.
type Progress interface {
	// StoredThrough returns a time before which every view event the edge
	// published is stored (with the roll-ups).
	StoredThrough(ctx context.Context) (time.Time, error)
}
