package chunkstate

import (
	"slices"

	"github.com/vidhost/vidhost/services/transcode/internal/media"
)

// Unit is one unit of a plan as the record counts it: its key
// (job.Unit.Key), its weight in the plan's progress (a chunk's length in
// seconds, an audio run's share of the encode) and, for a chunk, its
// bounds, for an audio run (a unit without a chunk) its bitrate's index:
// whichever worker's completion releases the unit builds its message from
// them (job.Unit.Sibling, AudioSibling), so the record alone says what to
// publish.
type Unit struct {
	Key    string       `json:"key"`
	Weight int          `json:"weight"`
	Chunk  *media.Chunk `json:"chunk,omitempty"`
	Audio  int          `json:"audio,omitempty"`
}

// isAudio: the units of a plan that are not chunks are its audio runs.
func (u Unit) isAudio() bool { return u.Chunk == nil }

// Plan is what the parent job opens a record with.
type Plan struct {
	ID    string
	JobID string
	// Units are every unit but the stitch, in the order they are released:
	// the audio runs first (every chunk's early playback waits for all of
	// them), then the chunks from the first on.
	Units []Unit
	// Window is how many units may be released and not done at once: the
	// per-account limit counts jobs, and the window bounds each job's units.
	Window int
	// MediaPlan and MediaPlanVersion are the media core's record of the
	// plan (job.Unit.MediaPlan): a redelivered parent builds the units it
	// released from the record alone.
	MediaPlan        []byte
	MediaPlanVersion int
}

// Record is a plan's state. It is JSON on the bus: read only by transcode
// workers, state rather than an event anyone consumes.
type Record struct {
	PlanID string `json:"plan_id"`
	JobID  string `json:"job_id"`
	Units  []Unit `json:"units"`
	Window int    `json:"window"`
	// MediaPlan and MediaPlanVersion are the Plan's.
	MediaPlan        []byte `json:"media_plan"`
	MediaPlanVersion int    `json:"media_plan_version"`
	// Released counts Units from the first that have been published.
	Released int `json:"released"`
	// ReleasedBy names, for each unit that released others, the keys it
	// released ("" for the parent), so a redelivered unit publishes them
	// again rather than leaving them unpublished when its worker died
	// between the record and the publish.
	ReleasedBy map[string][]string `json:"released_by"`
	Done       map[string]bool     `json:"done"`
	// Stopped is why the plan will not complete: the first unit's failure
	// (the video's reason), or a cancel. Units that read it stop.
	Stopped   string `json:"stopped,omitempty"`
	Cancelled bool   `json:"cancelled,omitempty"`
	Finished  bool   `json:"finished,omitempty"`
	// Playlists is who may write the video's playlists (claim.go).
	Playlists PlaylistClaim `json:"playlists"`
}

// newRecord is the record a plan starts with: its first Window units
// released by the parent.
func newRecord(p Plan) Record {
	r := Record{PlanID: p.ID, JobID: p.JobID, Units: slices.Clone(p.Units), Window: max(p.Window, 1),
		MediaPlan: p.MediaPlan, MediaPlanVersion: p.MediaPlanVersion,
		ReleasedBy: map[string][]string{}, Done: map[string]bool{}}
	r.release("")
	return r
}

// release publishes as many units as the window allows, on behalf of by.
func (r *Record) release(by string) []string {
	var keys []string
	for r.Released < len(r.Units) && r.running() < r.Window {
		keys = append(keys, r.Units[r.Released].Key)
		r.Released++
	}
	if len(keys) > 0 {
		r.ReleasedBy[by] = keys
	}
	return keys
}

// running counts units released and not done.
func (r *Record) running() int {
	n := 0
	for _, u := range r.Units[:r.Released] {
		if !r.Done[u.Key] {
			n++
		}
	}
	return n
}

// Unit returns the plan's unit key.
func (r *Record) Unit(key string) (Unit, bool) {
	i := slices.IndexFunc(r.Units, func(u Unit) bool { return u.Key == key })
	if i < 0 {
		return Unit{}, false
	}
	return r.Units[i], true
}

// has reports whether key is one of the plan's units.
func (r *Record) has(key string) bool {
	return slices.ContainsFunc(r.Units, func(u Unit) bool { return u.Key == key })
}

// Complete reports whether every unit (the stitch aside) is done.
func (r *Record) Complete() bool { return len(r.Done) == len(r.Units) }

// Percent is the share of the units' weight done, 0-100.
func (r *Record) Percent() int {
	total, done := 0, 0
	for _, u := range r.Units {
		total += u.Weight
		if r.Done[u.Key] {
			done += u.Weight
		}
	}
	if total == 0 {
		return 0
	}
	return done * 100 / total
}

// Playable counts the chunks done from the first on, once every audio run
// (if the plan has any) is done: every segment a playlist names needs its
// audio, and the master names every bitrate's. It is how far the EVENT
// playlists can go. The units other than the audio runs are the chunks in
// order.
func (r *Record) Playable() int {
	for _, u := range r.Units {
		if u.isAudio() && !r.Done[u.Key] {
			return 0
		}
	}
	n := 0
	for _, u := range r.Units {
		if u.isAudio() {
			continue
		}
		if !r.Done[u.Key] {
			break
		}
		n++
	}
	return n
}

// Pending are the units by released ("" for the parent) that are not done
// yet: what a redelivery of by publishes again.
func (r *Record) Pending(by string) []string { return r.notDone(r.ReleasedBy[by]) }

// Chunks counts the plan's chunks.
func (r *Record) Chunks() int {
	n := 0
	for _, u := range r.Units {
		if u.Chunk != nil {
			n++
		}
	}
	return n
}

// notDone drops from keys the units already done: what a repeated release
// still has to publish.
func (r *Record) notDone(keys []string) []string {
	return slices.DeleteFunc(slices.Clone(keys), func(k string) bool { return r.Done[k] })
}
