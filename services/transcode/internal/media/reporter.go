package media

import "time"

// reporter sends a job's progress to its OnProgress callback. The
// adaptive ladder's analysis, before the ladder, counts as 1; the ladder
// maps to 0-99 (never below what was sent); 100 comes once the sprite, the
// last file, is written.
type reporter struct {
	send     func(int)
	throttle *progressThrottle
}

func newReporter(send func(int), now func() time.Time) *reporter {
	return &reporter{send: send, throttle: newProgressThrottle(now)}
}

func (r *reporter) analysed() {
	r.offer(1)
}

func (r *reporter) ladder(percent int) {
	r.offer(min(percent, 99))
}

func (r *reporter) done() {
	r.offer(100)
}

func (r *reporter) offer(percent int) {
	if r.send != nil && r.throttle.offer(percent) {
		r.send(percent)
	}
}
