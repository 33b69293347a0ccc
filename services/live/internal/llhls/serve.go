package llhls

import (
	"context"
	"time"
)

// Playlist returns the media playlist (its delta update when req.Skip),
// once it holds what req blocks for. A request too far ahead of the live
// edge is refused at once with a RequestError.
func (m *Muxer) Playlist(ctx context.Context, req PlaylistRequest) ([]byte, error) {
	s := m.store
	s.mu.Lock()
	err := s.checkAhead(req)
	s.mu.Unlock()
	if err != nil {
		return nil, err
	}
	var body []byte
	err = s.when(ctx, func() bool { return s.holds(req) }, func() {
		body = s.full
		if req.Skip {
			body = s.delta
		}
	})
	if err == nil && body == nil {
		err = ErrNotFound
	}
	return body, err
}

// holds reports whether the playlist has what req blocks for: segment MSN
// complete, or with a part, that part of it (a later segment does too,
// when MSN ended with fewer parts). The caller holds s.mu.
func (s *store) holds(req PlaylistRequest) bool {
	switch {
	case !req.Block:
		return true
	case req.MSN < s.nextMSN:
		return true
	case !req.HasPart || req.MSN > s.nextMSN:
		return false
	}
	cur := s.current()
	return cur != nil && req.Part < uint64(len(cur.parts))
}

// checkAhead refuses a blocking request the live edge will not reach soon
// (RFC 8216bis 6.2.5.2): a segment more than two after the last complete
// one, or a part more than the Advance Part Limit after the last listed.
// The caller holds s.mu.
func (s *store) checkAhead(req PlaylistRequest) error {
	if !req.Block || s.ended {
		return nil
	}
	if req.MSN > s.nextMSN+1 { // the last complete segment is nextMSN-1
		return &RequestError{Param: "_HLS_msn", Rule: "is too far ahead of the live edge"}
	}
	if !req.HasPart || req.MSN < s.nextMSN {
		return nil
	}
	// How many parts past the last listed the request is: for the segment
	// after the one in progress, at least its own number plus one.
	ahead := req.Part + 1
	if cur := s.current(); cur != nil && req.MSN == s.nextMSN {
		ahead -= min(uint64(len(cur.parts)), ahead)
	}
	if ahead > s.advancePartLimit() {
		return &RequestError{Param: "_HLS_part", Rule: "is too far ahead of the live edge"}
	}
	return nil
}

// advancePartLimit is how many parts past the last listed a request may
// block for: 3 / PART-TARGET under a second of part target, 3 otherwise.
func (s *store) advancePartLimit() uint64 {
	if s.cfg.PartTarget >= time.Second {
		return 3
	}
	return uint64(3 * time.Second / s.cfg.PartTarget)
}

// Part returns a part's bytes. The part the preload hint names (the next
// to be written) is waited for; one already written is served while its
// segment is in the window.
func (m *Muxer) Part(ctx context.Context, index uint64) ([]byte, error) {
	s := m.store
	var found *part
	var future bool
	err := s.when(ctx, func() bool { return index != s.next }, func() {
		future = index >= s.next
		found = s.findPart(index)
	})
	switch {
	case err != nil:
		return nil, err
	case future || found == nil:
		return nil, ErrNotFound
	}
	return found.body, nil
}

// Segment returns a complete segment's bytes, as its parts' bytes in
// order (written one after the other, never copied into one buffer).
func (m *Muxer) Segment(msn uint64) ([][]byte, error) {
	s := m.store
	s.mu.Lock()
	defer s.mu.Unlock()
	seg := s.findSegment(msn)
	if seg == nil {
		return nil, ErrNotFound
	}
	body := make([][]byte, len(seg.parts))
	for i, p := range seg.parts {
		body[i] = p.body
	}
	return body, nil
}

// Init returns the init section every segment and part needs (EXT-X-MAP).
func (m *Muxer) Init() []byte { return m.store.init }
