package job

import (
	"fmt"

	"github.com/vidhost/vidhost/services/transcode/internal/media"
)

// UnitKind is what a unit of a chunked job does (docs/transcoding.md,
// "Distribution").
type UnitKind int

// The kinds of units; the zero value is none, so a message without a kind
// is refused rather than taken for a chunk.
const (
	UnitChunk UnitKind = iota + 1
	UnitAudio
	UnitStitch
)

// Unit is a TranscodeUnit as a worker runs it: one piece of a chunked job
// whose plan another worker made.
type Unit struct {
	// ID is the unit's event and message id (events.UnitID): the same for
	// every publish of the same unit of the same plan.
	ID string
	// Job is the parent job as far as the unit needs it: its ID (which the
	// video's final report derives from), account, video, source key and
	// profile. It is validated as a job is, so a unit can only name its
	// own account's upload.
	Job    Job
	PlanID string
	Kind   UnitKind
	// Chunk is the chunk a UnitChunk encodes; Chunks how many the plan has.
	Chunk  media.Chunk
	Chunks int
	// Audio is the audio run a UnitAudio encodes: the index, from 0, of
	// one of the plan's audio bitrates (media.Planned.AudioRuns). Each
	// bitrate is a unit of its own, so they encode in parallel.
	Audio int
	// MediaPlan is the media core's record of the plan's decisions, in
	// its encoding number MediaPlanVersion; opaque here.
	MediaPlan        []byte
	MediaPlanVersion int
}

// Key names the unit within its plan: the plan's record counts units by it.
func (u Unit) Key() string {
	switch u.Kind {
	case UnitChunk:
		return ChunkKey(u.Chunk.Index)
	case UnitAudio:
		if u.MediaPlanVersion == 1 {
			// A unit of a plan of version 1 (a rolling deploy), whose
			// one audio unit encoded every bitrate: the key its record
			// has, so a worker that hands it back and at last fails it
			// records the failure in its plan.
			return keyAudioVersion1
		}
		return AudioKey(u.Audio)
	case UnitStitch:
		return KeyStitch
	}
	return ""
}

// Sibling is the unit of the same plan that does kind (on chunk c, for a
// UnitChunk): what a worker publishes for the units its completion
// released. Its ID is left for the publisher to derive (events.UnitID).
func (u Unit) Sibling(kind UnitKind, c media.Chunk) Unit {
	s := u
	s.ID, s.Kind, s.Chunk, s.Audio = "", kind, media.Chunk{}, 0
	if kind == UnitChunk {
		s.Chunk = c
	}
	return s
}

// AudioSibling is the plan's UnitAudio of audio run k, as Sibling.
func (u Unit) AudioSibling(k int) Unit {
	s := u.Sibling(UnitAudio, media.Chunk{})
	s.Audio = k
	return s
}

// KeyStitch is the key of a plan's stitch.
const KeyStitch = "stitch"

// ChunkKey is the key of the plan's chunk at index.
func ChunkKey(index int) string { return fmt.Sprintf("chunk-%d", index) }

// AudioKey is the key of the plan's audio run k (Unit.Audio).
func AudioKey(k int) string { return fmt.Sprintf("audio-%d", k) }

// keyAudioVersion1 is the key of the one audio unit, for every bitrate, of
// a plan of media.PlanVersion 1: no key of a newer plan is that one.
const keyAudioVersion1 = "audio"

// Validate checks what a worker relies on before it runs the unit. A unit
// is made by a transcode worker, so an invalid one is a bug or a forgery:
// the worker dead-letters it.
func (u Unit) Validate() error {
	// Every unit carries its job's upload key, the stitch's too, so the
	// job's own checks (ids, an upload of its account, a known profile)
	// hold for every unit.
	if u.Job.SourceKey == "" {
		return &InvalidError{Reason: "unit names no source_object_key"}
	}
	if err := u.Job.validate(u.isSourceOfUnit); err != nil {
		return err
	}
	switch {
	case u.ID == "":
		return &InvalidError{Reason: "unit has no id"}
	case u.PlanID == "":
		return &InvalidError{Reason: "unit names no plan_id"}
	case u.Key() == "":
		return &InvalidError{Reason: "unit has no known kind"}
	case u.Chunks < 1:
		return &InvalidError{Reason: "unit's plan must have at least one chunk"}
	case u.Kind == UnitChunk:
		return validateChunk(u.Chunk, u.Chunks)
	case u.Kind == UnitAudio && u.Audio < 0:
		return &InvalidError{Reason: "audio_index must be at least 0"}
	}
	return nil
}

// isSourceOfUnit reports whether key is a source a unit may read: an upload
// of its job's account, or its own plan's copy of a URL source.
func (u Unit) isSourceOfUnit(key string) bool {
	copyKey, ok := u.Job.sourceCopyKey(u.PlanID)
	return u.Job.isUploadOfAccount(key) || ok && key == copyKey
}

func validateChunk(c media.Chunk, chunks int) error {
	switch {
	case c.Index < 0 || c.Index >= chunks:
		return &InvalidError{Reason: fmt.Sprintf("chunk_index must be 0-%d", chunks-1)}
	case c.Start < 0 || c.End <= c.Start:
		return &InvalidError{Reason: "chunk must end after it starts"}
	case c.FirstSegment < 1:
		return &InvalidError{Reason: "first_segment must be at least 1"}
	}
	return nil
}
