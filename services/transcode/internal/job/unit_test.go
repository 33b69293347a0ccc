package job_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/vidhost/vidhost/services/transcode/internal/job"
	"github.com/vidhost/vidhost/services/transcode/internal/media"
)

// Every audio run of a plan is a unit of its own key; a unit of a plan of
// version 1 keeps the key of its one audio unit, which its record has.
func TestUnitKeys(t *testing.T) {
	u := job.Unit{PlanID: "p", MediaPlanVersion: media.PlanVersion}
	tests := []struct {
		unit job.Unit
		key  string
	}{
		{u.Sibling(job.UnitChunk, media.Chunk{Index: 3}), "chunk-3"},
		{u.AudioSibling(0), "audio-0"},
		{u.AudioSibling(2), "audio-2"},
		{u.Sibling(job.UnitStitch, media.Chunk{}), "stitch"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.key, tt.unit.Key())
	}
	assert.Equal(t, 0, u.AudioSibling(2).Sibling(job.UnitStitch, media.Chunk{}).Audio, "a sibling keeps no audio index")
	old := u.AudioSibling(0)
	old.MediaPlanVersion = 1
	assert.Equal(t, "audio", old.Key())
}
