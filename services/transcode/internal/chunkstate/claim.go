package chunkstate

import (
	"context"
	"time"
)

// PlaylistClaim serialises the writes of a plan's playlists: the EVENT
// playlists that grow as the chunks from the first on complete (early
// playback), then the stitch's VOD ones. One writer at a time holds it,
// until it gives it back or its claim expires (its worker died), so
// playlists never shrink and no EVENT playlist lands over a VOD one.
type PlaylistClaim struct {
	Holder string    `json:"holder,omitempty"`
	Until  time.Time `json:"until,omitzero"`
	// Written counts the chunks the stored EVENT playlists hold.
	Written int `json:"written,omitempty"`
	// Final: the stitch took the claim for good; no EVENT write follows.
	Final bool `json:"final,omitempty"`
}

// held reports whether another holder than holder holds c at now.
func (c PlaylistClaim) held(holder string, now time.Time) bool {
	return c.Holder != "" && c.Holder != holder && now.Before(c.Until)
}

// heldFor is held for a writer that must come after every write of
// another holder: that holder's writes end by its claim's expiry (its
// context's deadline), but one sent just before may be stored a little
// after it, and the two workers' clocks may differ, so the claim counts
// grace longer.
func (c PlaylistClaim) heldFor(holder string, now time.Time, grace time.Duration) bool {
	return c.Holder != "" && c.Holder != holder && now.Before(c.Until.Add(grace))
}

// ClaimPlaylists takes the plan's playlist claim for holder, for ttl, when
// the chunks playable (Record.Playable) are more than the playlists hold
// and no one else holds it, the plan not yet complete. It returns how many chunks to write, 0 when
// there is nothing to write or someone else is writing (who writes again
// if the chunks grew meanwhile: ReleasePlaylists).
func (s *Store) ClaimPlaylists(ctx context.Context, planID, holder string, ttl time.Duration) (int, error) {
	var playable int
	err := s.change(ctx, planID, func(r *Record) (bool, error) {
		now := time.Now()
		playable = r.Playable()
		// A complete plan's playlists are the stitch's to write.
		if r.Stopped != "" || r.Complete() || r.Playlists.Final || r.Playlists.held(holder, now) || playable <= r.Playlists.Written {
			playable = 0
			return false, nil
		}
		r.Playlists.Holder, r.Playlists.Until = holder, now.Add(ttl)
		return true, nil
	})
	return playable, err
}

// ReleasePlaylists gives holder's claim back once its playlists of written
// chunks are stored.
func (s *Store) ReleasePlaylists(ctx context.Context, planID, holder string, written int) error {
	return s.change(ctx, planID, func(r *Record) (bool, error) {
		if r.Playlists.Holder != holder {
			return false, nil // expired and taken: the taker writes at least as much
		}
		r.Playlists.Holder, r.Playlists.Until = "", time.Time{}
		r.Playlists.Written = max(r.Playlists.Written, written)
		return true, nil
	})
}

// ClaimFinalPlaylists takes the claim for holder for good (the stitch),
// false while another holds it, or held it less than grace ago (its
// late writes, heldFor): the caller waits and tries again. So no EVENT
// playlist of a holder that stalled past its claim lands over the VOD
// ones. A stitch that runs again takes it again.
func (s *Store) ClaimFinalPlaylists(ctx context.Context, planID, holder string, grace time.Duration) (bool, error) {
	var taken bool
	err := s.change(ctx, planID, func(r *Record) (bool, error) {
		taken = r.Playlists.Final || !r.Playlists.heldFor(holder, time.Now(), grace)
		if r.Playlists.Final || !taken {
			return false, nil
		}
		r.Playlists.Holder, r.Playlists.Final = holder, true
		return true, nil
	})
	return taken, err
}
