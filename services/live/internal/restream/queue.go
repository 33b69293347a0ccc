package restream

import (
	"context"
	"time"
)

// unit is one access unit on its way to an output.
type unit struct {
	video    bool
	key      bool // a video keyframe: where an output may start
	pts, dts time.Duration
	au       [][]byte // video: the NAL units; audio: one AAC frame in au[0]
	afterGap bool     // units before this one were dropped
}

// queue holds an output's units between the ingest, which must never wait
// for it, and its connection. When it is full the unit offered is dropped
// and the output starts again at the next keyframe: after a gap, the
// pictures until then would not decode.
type queue struct {
	ch     chan unit
	gap    bool          // the producer's: a unit was dropped since the last one queued
	closed chan struct{} // the stream ended: no more offers
}

func newQueue(length int) *queue {
	return &queue{ch: make(chan unit, length), closed: make(chan struct{})}
}

// close ends the stream: next returns what is queued, then stops. Called
// once, after the last offer.
func (q *queue) close() {
	close(q.closed)
	close(q.ch)
}

// offer enqueues u unless the queue is full; it never blocks. One
// goroutine offers (the ingest's).
func (q *queue) offer(u unit) {
	u.afterGap = q.gap
	select {
	case q.ch <- u:
		q.gap = false
	default:
		q.gap = true
	}
}

// next waits for the next unit the output may write: from a keyframe on,
// once it must start again (fromKey, or units before it were dropped). False when
// ctx ends or the stream ended and everything queued was taken.
func (q *queue) next(ctx context.Context, fromKey *bool) (unit, bool) {
	for {
		select {
		case <-ctx.Done():
			return unit{}, false
		case u, ok := <-q.ch:
			if !ok {
				return unit{}, false
			}
			if u.afterGap {
				*fromKey = true
			}
			if *fromKey && !u.key {
				continue
			}
			*fromKey = false
			return u, true
		}
	}
}
