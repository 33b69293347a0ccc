package llhls

import (
	"sync"
	"time"
)

// part is a published part: its bytes never change.
type part struct {
	index       uint64 // numbers every part of the stream: part<index>.mp4
	start       int64  // video decode time, 90 kHz
	duration    int64  // 90 kHz
	independent bool
	// discontinuity: its segment follows a Restart (EXT-X-DISCONTINUITY).
	discontinuity bool
	body          []byte
}

// segment is a run of parts from a keyframe to the next cut; its bytes are
// its parts' bytes, one after the other.
type segment struct {
	msn   uint64
	date  time.Time
	parts []*part
	done  bool
}

// discontinuity reports whether the segment follows a Restart.
func (s *segment) discontinuity() bool { return len(s.parts) > 0 && s.parts[0].discontinuity }

func (s *segment) duration() int64 {
	var d int64
	for _, p := range s.parts {
		d += p.duration
	}
	return d
}

// store is the state every viewer reads: the window of segments, the one
// in progress, and the playlists rendered from them. Every change closes
// changed, waking the requests that wait for one (see wait.go): viewers
// cost nothing between parts, however many there are.
type store struct {
	cfg     Config
	init    []byte
	mu      sync.Mutex
	changed chan struct{}
	segs    []*segment // oldest first; the last is in progress unless done
	nextMSN uint64     // the segment in progress, or the next to start
	next    uint64     // the index the next part will have
	target  int64      // EXT-X-TARGETDURATION in seconds; it only grows
	// discontinuities counts those that left the window:
	// EXT-X-DISCONTINUITY-SEQUENCE.
	discontinuities uint64
	ended           bool
	// The playlists as of the last change: full, and the delta update.
	full, delta []byte
}

func newStore(cfg Config, init []byte) *store {
	return &store{
		cfg: cfg, init: init, changed: make(chan struct{}),
		target: int64((cfg.SegmentTarget + time.Second/2) / time.Second),
	}
}

// publish adds p to the segment in progress, starting one dated date when
// none is, and ends that segment when last.
func (s *store) publish(p *part, date time.Time, last bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p.index = s.next
	s.next++
	cur := s.current()
	if cur == nil {
		cur = &segment{msn: s.nextMSN, date: date}
		s.segs = append(s.segs, cur)
	}
	cur.parts = append(cur.parts, p)
	if last {
		cur.done = true
		s.nextMSN++
		// Rounded to the nearest second, as EXTINF is compared with it.
		s.target = max(s.target, (cur.duration()+videoTimescale/2)/videoTimescale)
		if gone := len(s.segs) - s.cfg.Window; gone > 0 {
			for _, old := range s.segs[:gone] {
				if old.discontinuity() {
					s.discontinuities++
				}
			}
			s.segs = append(s.segs[:0:0], s.segs[gone:]...)
		}
	}
	s.changedLocked()
}

// end marks the stream ended: the playlist gets EXT-X-ENDLIST.
func (s *store) end() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if cur := s.current(); cur != nil {
		cur.done = true // Close flushes the last segment; this is a safety net
	}
	s.ended = true
	s.changedLocked()
}

// current is the segment in progress, or nil.
func (s *store) current() *segment {
	if n := len(s.segs); n > 0 && !s.segs[n-1].done {
		return s.segs[n-1]
	}
	return nil
}

// changedLocked renders the playlists again and wakes every waiter.
func (s *store) changedLocked() {
	s.full, s.delta = s.render(false), s.render(true)
	close(s.changed)
	s.changed = make(chan struct{})
}

// findPart returns the part with the given index, if memory still has it.
func (s *store) findPart(index uint64) *part {
	for i := len(s.segs) - 1; i >= 0; i-- {
		parts := s.segs[i].parts
		if len(parts) == 0 || parts[0].index > index {
			continue
		}
		if n := index - parts[0].index; n < uint64(len(parts)) {
			return parts[n]
		}
		return nil
	}
	return nil
}

// findSegment returns the complete segment msn, if memory still has it.
func (s *store) findSegment(msn uint64) *segment {
	if len(s.segs) == 0 || msn < s.segs[0].msn {
		return nil
	}
	if i := msn - s.segs[0].msn; i < uint64(len(s.segs)) && s.segs[i].done {
		return s.segs[i]
	}
	return nil
}
