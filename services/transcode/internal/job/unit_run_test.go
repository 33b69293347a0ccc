package job

import (
	"context"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/blob/blobtest"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/services/transcode/internal/media"
	"github.com/vidhost/vidhost/services/transcode/internal/mediatest"
	"github.com/vidhost/vidhost/services/transcode/internal/sourcehttp"
)

// A unit of an MP4 source reads it through the worker's source server
// (its chunk and its audio, no whole copy), one of an MPEG-TS source
// copies it as before; both store their segments, and no source stays
// registered after its run. 10-20 s on the shared two cores.
func TestUnitsReadByRangeWhereTheContainerAllows(t *testing.T) {
	mediatest.RequireTools(t)
	ctx := context.Background()
	local, err := blob.NewLocal(blob.Config{Dir: t.TempDir()})
	require.NoError(t, err)
	store := &blobtest.Counting{Store: local}
	sources, err := sourcehttp.Start(store, slog.New(slog.DiscardHandler))
	require.NoError(t, err)
	t.Cleanup(func() { assert.NoError(t, sources.Close(context.Background())) })
	cfg := media.Config{Chunks: media.ChunkConfig{Threshold: 4 * time.Second, Length: 4 * time.Second, Parallel: 1}}
	runner := &Runner{Store: store, Sources: sources, Transcoder: media.New(cfg), WorkDir: t.TempDir(), Logger: slog.New(slog.DiscardHandler)}
	mp4 := mediatest.Clip(t, mediatest.ClipSpec{Width: 640, Height: 360, Seconds: 12, Audio: true})

	for _, tc := range []struct {
		name, source string
		kind         UnitKind
		ranged       bool
	}{
		{"mp4 chunk", mp4, UnitChunk, true},
		{"mp4 audio", mp4, UnitAudio, true},
		{"mpeg-ts chunk", mediatest.Remux(t, mp4, ".ts"), UnitChunk, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			u := unitOf(t, cfg, tc.source, tc.kind)
			putFile(t, store, u.Job.SourceKey, tc.source)
			opens, ranged := store.Opens.Load(), store.RangedBytes.Load()
			require.NoError(t, runner.RunUnit(ctx, u, nil))
			if tc.ranged {
				assert.Equal(t, opens, store.Opens.Load(), "no whole copy")
				assert.Greater(t, store.RangedBytes.Load(), ranged, "read through the source server")
			} else {
				assert.Equal(t, opens+1, store.Opens.Load(), "copied whole")
				assert.Equal(t, ranged, store.RangedBytes.Load(), "nothing read by range")
			}
			assert.Zero(t, sources.Serving(), "the source is served for its run only")
			var stored int
			for info, err := range store.List(ctx, u.Job.MediaFolder()+media.StreamDir+"/") {
				require.NoError(t, err)
				assert.True(t, strings.HasSuffix(info.Key, ".m4s"), info.Key)
				stored++
			}
			assert.NotZero(t, stored, "segments stored")
		})
	}
}

// unitOf is a unit of kind (the second chunk, for a chunk) of a job whose
// upload is source, planned as the parent plans it.
func unitOf(t *testing.T, cfg media.Config, source string, kind UnitKind) Unit {
	t.Helper()
	planned, err := media.New(cfg).Plan(context.Background(), media.Job{Source: source})
	require.NoError(t, err)
	require.Len(t, planned.Chunks, 3)
	j := Job{ID: ids.New(), AccountID: "a", VideoID: ids.New(), SourceKey: "uploads/a/" + ids.New() + "/source"}
	u := Unit{ID: ids.New(), Job: j, PlanID: ids.New(), Kind: kind, Chunks: len(planned.Chunks),
		MediaPlan: planned.Record, MediaPlanVersion: media.PlanVersion}
	if kind == UnitChunk {
		u.Chunk = planned.Chunks[1]
	}
	return u
}
