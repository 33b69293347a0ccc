package chunkstate

import (
	"context"
	"errors"
	"fmt"

	"github.com/vidhost/vidhost/services/transcode/internal/job"
)

// Open creates the plan's record, with its first window of units released
// by the parent, and returns the units the parent must publish. A parent
// redelivered after opening it (its worker died before acknowledging)
// finds the record and publishes again what it released and is not done,
// rather than planning anew; the units' message ids make that harmless.
func (s *Store) Open(ctx context.Context, p Plan) (Record, []string, error) {
	if p.ID == "" || len(p.Units) == 0 {
		return Record{}, nil, fmt.Errorf("chunkstate: a plan needs an id and units")
	}
	for range maxConflicts {
		r, _, err := s.read(ctx, p.ID)
		if err == nil {
			return r, r.notDone(r.ReleasedBy[""]), nil
		}
		if !errors.Is(err, ErrNoPlan) {
			return Record{}, nil, err
		}
		r = newRecord(p)
		won, err := s.write(ctx, r, 0)
		if err != nil {
			return Record{}, nil, err
		}
		if won {
			return r, r.ReleasedBy[""], nil
		}
	}
	return Record{}, nil, fmt.Errorf("chunkstate: open plan %s: still conflicting after %d tries", p.ID, maxConflicts)
}

// Outcome is what a unit's completion means for its worker.
type Outcome struct {
	// First: this call recorded the unit; false for a redelivered unit
	// whose completion was already recorded.
	First bool
	// Release are the units this one released, to publish now (on a
	// repeat: those of them not done yet).
	Release []string
	// Last: this call made the plan complete. Exactly one completion of a
	// plan sees it; its worker publishes the stitch.
	Last bool
	// Complete: every unit is done and the plan not finished. A repeat
	// sees it too, and publishes the stitch again (deduplicated by its
	// id), in case the worker that saw Last died before publishing it.
	Complete bool
	// Percent is the share of the plan's work done; Playable the chunks
	// done from the first on, with the audio (Record.Playable).
	Percent  int
	Playable int
	// Stopped is set when the plan failed or was cancelled: the unit's
	// work is not recorded and its worker stops. Cancelled: by a cancel
	// (its video was deleted), so the worker deletes what it wrote.
	Stopped   string
	Cancelled bool
}

// Complete records that the unit key is done, its files stored.
func (s *Store) Complete(ctx context.Context, planID, key string) (Outcome, error) {
	var out Outcome
	err := s.change(ctx, planID, func(r *Record) (bool, error) {
		out = Outcome{}
		if !r.has(key) {
			return false, fmt.Errorf("%w: %s of plan %s", ErrUnknownUnit, key, planID)
		}
		if r.Stopped != "" {
			out.Stopped, out.Cancelled = r.Stopped, r.Cancelled
			return false, nil
		}
		out.First = !r.Done[key]
		if out.First {
			r.Done[key] = true
			out.Release = r.release(key)
			out.Last = r.Complete()
		} else {
			out.Release = r.notDone(r.ReleasedBy[key])
		}
		out.Complete = r.Complete() && !r.Finished
		out.Percent, out.Playable = r.Percent(), r.Playable()
		return out.First, nil
	})
	return out, err
}

// Fail stops the plan because unit key failed for good with reason. The
// first failure is the plan's: it returns true for it, whose worker
// reports the video failed; a later failure, or one after a cancel,
// returns false and the plan's reason.
func (s *Store) Fail(ctx context.Context, planID, key, reason string) (first bool, stopped string, err error) {
	err = s.change(ctx, planID, func(r *Record) (bool, error) {
		if !r.has(key) && key != job.KeyStitch {
			return false, fmt.Errorf("%w: %s of plan %s", ErrUnknownUnit, key, planID)
		}
		if r.Stopped != "" || r.Finished {
			first, stopped = false, r.Stopped
			return false, nil
		}
		r.Stopped = reason
		first, stopped = true, reason
		return true, nil
	})
	return first, stopped, err
}

// Cancel stops the plan because its video is gone: as a failure, but
// marked, so the units that read it delete what they wrote and report the
// cancel rather than a failure of their own. It reports whether this call
// stopped it.
func (s *Store) Cancel(ctx context.Context, planID, reason string) (bool, error) {
	var first bool
	err := s.change(ctx, planID, func(r *Record) (bool, error) {
		first = r.Stopped == "" && !r.Finished
		if first {
			r.Stopped, r.Cancelled = reason, true
		}
		return first, nil
	})
	return first, err
}

// Finish marks a complete plan finished, once its stitch has stored every
// output. It returns true exactly once per plan: that stitch reports the
// video ready; a redelivered stitch sees false and only acknowledges.
func (s *Store) Finish(ctx context.Context, planID string) (bool, error) {
	var first bool
	err := s.change(ctx, planID, func(r *Record) (bool, error) {
		first = false
		switch {
		case r.Finished:
			return false, nil
		case r.Stopped != "":
			return false, fmt.Errorf("chunkstate: plan %s stopped (%s) cannot finish", planID, r.Stopped)
		case !r.Complete():
			return false, fmt.Errorf("chunkstate: plan %s cannot finish with units not done", planID)
		}
		r.Finished, first = true, true
		return true, nil
	})
	return first, err
}
