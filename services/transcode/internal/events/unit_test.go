package events

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/profiles"
	"github.com/vidhost/vidhost/services/transcode/internal/job"
	"github.com/vidhost/vidhost/services/transcode/internal/media"
)

func testUnit(kind job.UnitKind) job.Unit {
	parent := job.Job{ID: ids.New(), AccountID: "acc", VideoID: ids.New(),
		SourceKey: "uploads/acc/up1/source.mp4", Transcoder: profiles.Efficient}
	plan := PlanID(parent, 1)
	u := job.Unit{Job: parent, PlanID: plan, Kind: kind, Chunks: 4,
		MediaPlan: []byte(`{"renditions":[]}`), MediaPlanVersion: media.PlanVersion}
	switch kind {
	case job.UnitChunk:
		u.Chunk = media.Chunk{Index: 2, Start: 60060 * time.Millisecond, End: 90090 * time.Millisecond, FirstSegment: 31}
	case job.UnitAudio:
		u.Audio = 2 // the third bitrate: the index travels
	}
	u.ID = UnitID(parent.ID, plan, u.Key())
	return u
}

func TestUnitRoundTrip(t *testing.T) {
	for _, kind := range []job.UnitKind{job.UnitChunk, job.UnitAudio, job.UnitStitch} {
		want := testUnit(kind)
		t.Run(want.Key(), func(t *testing.T) {
			data, err := EncodeUnit(want)
			require.NoError(t, err)
			got, err := DecodeUnit(data)
			require.NoError(t, err)
			assert.Equal(t, want, got)
		})
	}
}

func TestUnitIDsAreStableAndDistinct(t *testing.T) {
	parent := job.Job{ID: ids.New(), VideoID: ids.New()}
	plan := PlanID(parent, 1)
	assert.Equal(t, plan, PlanID(parent, 1), "a redelivered parent finds its plan")
	assert.NotEqual(t, plan, PlanID(parent, 2))
	assert.Len(t, plan, 21)
	seen := map[string]bool{}
	for _, key := range []string{job.ChunkKey(0), job.ChunkKey(1), job.ChunkKey(10), job.AudioKey(0), job.AudioKey(1), job.AudioKey(2), job.KeyStitch} {
		id := UnitID(parent.ID, plan, key)
		assert.Equal(t, id, UnitID(parent.ID, plan, key), key)
		assert.Len(t, id, 21)
		assert.False(t, seen[id], "%s repeats another unit's id", key)
		seen[id] = true
	}
	assert.NotEqual(t, UnitID(parent.ID, plan, job.AudioKey(0)), UnitID(parent.ID, PlanID(parent, 2), job.AudioKey(0)))
}

func TestDecodeUnitRefusesWhatCannotRun(t *testing.T) {
	tests := []struct {
		name   string
		change func(*job.Unit)
		reason string
	}{
		{"no kind", func(u *job.Unit) { u.Kind = 0 }, "unit has no known kind"},
		{"no plan", func(u *job.Unit) { u.PlanID = "" }, "unit names no plan_id"},
		{"no id", func(u *job.Unit) { u.ID = "" }, "unit has no id"},
		{"no source", func(u *job.Unit) { u.Job.SourceKey = "" }, "unit names no source_object_key"},
		{"chunk past the plan", func(u *job.Unit) { u.Chunk.Index = 4 }, "chunk_index must be 0-3"},
		{"chunk backwards", func(u *job.Unit) { u.Chunk.End = u.Chunk.Start }, "chunk must end after it starts"},
		{"no first segment", func(u *job.Unit) { u.Chunk.FirstSegment = 0 }, "first_segment must be at least 1"},
		{"no chunks", func(u *job.Unit) { u.Chunks = 0 }, "unit's plan must have at least one chunk"},
		{"audio run before the first", func(u *job.Unit) { u.Kind, u.Chunk, u.Audio = job.UnitAudio, media.Chunk{}, -1 }, "audio_index must be at least 0"},
		{"newer profile", func(u *job.Unit) { u.Job.Transcoder = "hyper" },
			`transcoding profile "hyper" is not known to this version of the transcode service`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u := testUnit(job.UnitChunk)
			tt.change(&u)
			data, err := EncodeUnit(u)
			require.NoError(t, err)
			_, err = DecodeUnit(data)
			var invalid *job.InvalidError
			require.ErrorAs(t, err, &invalid)
			assert.Equal(t, tt.reason, invalid.Reason)
		})
	}
	_, err := DecodeUnit([]byte("nope"))
	assert.ErrorContains(t, err, "unit message is not a TranscodeUnit")
}

func TestUnitOfAnotherAccountsUploadIsRefused(t *testing.T) {
	u := testUnit(job.UnitAudio)
	u.Job.SourceKey = "uploads/other/up1/source.mp4"
	data, err := EncodeUnit(u)
	require.NoError(t, err)
	_, err = DecodeUnit(data)
	var foreign *job.AccountError
	assert.ErrorAs(t, err, &foreign)
}
