package job

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/services/transcode/internal/media"
)

// A URL job's units read the plan's copy of its source; that copy is a
// source for the units of that plan only, never for a job (which catalog
// sends, naming uploads) nor for another plan's or video's units.
func TestUnitsReadTheirOwnPlansSourceCopy(t *testing.T) {
	account := ids.New()
	parent := Job{ID: "j1", AccountID: account, VideoID: ids.New(), SourceURL: "https://example.com/film.mp4", SourceMaxBytes: 1 << 30}
	unit := func(j Job, planID string) Unit {
		return Unit{ID: "u1", Job: j, PlanID: planID, Kind: UnitChunk, Chunks: 2,
			Chunk: media.Chunk{Index: 1, Start: 30e9, End: 60e9, FirstSegment: 16}}
	}

	shared := parent.ForPlan("plan1")
	assert.Equal(t, "transcode/"+account+"/"+parent.VideoID+"/plan1/source", shared.SourceKey)
	assert.Empty(t, shared.SourceURL, "units never fetch from the origin")
	require.NoError(t, unit(shared, "plan1").Validate())

	var refused *AccountError
	assert.ErrorAs(t, unit(shared, "plan2").Validate(), &refused, "another plan's copy")
	other := shared
	other.VideoID = ids.New()
	assert.ErrorAs(t, unit(other, "plan1").Validate(), &refused, "another video's copy")
	assert.ErrorAs(t, shared.Validate(), &refused, "a job never names a plan's copy")

	upload := Job{ID: "j2", AccountID: account, VideoID: ids.New(), SourceKey: "uploads/" + account + "/u/source.mp4"}
	assert.Equal(t, upload, upload.ForPlan("plan1"), "an upload is read where it is")
	require.NoError(t, unit(upload, "plan1").Validate())
}
