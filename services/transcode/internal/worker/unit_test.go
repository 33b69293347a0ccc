package worker_test

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/services/transcode/internal/chunkstate"
	"github.com/vidhost/vidhost/services/transcode/internal/events"
	"github.com/vidhost/vidhost/services/transcode/internal/fetch"
	"github.com/vidhost/vidhost/services/transcode/internal/job"
	"github.com/vidhost/vidhost/services/transcode/internal/media"
	"github.com/vidhost/vidhost/services/transcode/internal/mediatest"
	"github.com/vidhost/vidhost/services/transcode/internal/transcodetest"
)

// unitChunks are chunked jobs' test chunks: a 12 s source in three.
var unitChunks = media.Config{Chunks: media.ChunkConfig{Threshold: 4 * time.Second, Length: 4 * time.Second, Parallel: 1}}

// Four workers each run one unit (the audio, three chunks) of a 12 s upload (planned once,
// as the parent would) and record it in the plan's record on NATS:
// exactly one of them sees the plan complete, the chunks' segments are
// stored under the one-process names, and a redelivered chunk rewrites
// the same keys and changes nothing in the record. 15-30 s on two cores.
func TestChunkUnitsOnWorkers(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	spec := mediatest.ClipSpec{Width: 640, Height: 360, Seconds: 12, Audio: true}
	source := mediatest.Clip(t, spec)
	parent := transcodetest.NewJob()
	transcodetest.Upload(t, b.store, &parent, source)
	planned, err := media.New(unitChunks).Plan(ctx, media.Job{Source: source})
	require.NoError(t, err)
	require.Len(t, planned.Chunks, 3)

	units := chunkUnits(parent, planned)
	store, err := chunkstate.New(ctx, b.worker)
	require.NoError(t, err)
	plan := chunkstate.Plan{ID: units[0].PlanID, JobID: parent.ID, Window: len(units)}
	plan.Units = append(plan.Units, chunkstate.Unit{Key: job.KeyAudio, Weight: 1})
	for _, u := range units[1:] {
		plan.Units = append(plan.Units, chunkstate.Unit{Key: u.Key(), Weight: int(u.Chunk.Length() / time.Second), Chunk: &u.Chunk})
	}
	_, released, err := store.Open(ctx, plan)
	require.NoError(t, err)
	require.Len(t, released, 4)

	record, err := store.Get(ctx, plan.ID)
	require.NoError(t, err)
	for i, key := range released {
		unit, ok := record.Unit(key)
		require.True(t, ok, key)
		sibling := units[1].Sibling(job.UnitAudio, media.Chunk{})
		if unit.Chunk != nil {
			sibling = units[0].Sibling(job.UnitChunk, *unit.Chunk)
		}
		sibling.ID = events.UnitID(parent.ID, sibling.PlanID, sibling.Key())
		assert.Equal(t, units[i], sibling, "any worker builds a released unit from the record alone")
	}

	var mu sync.Mutex
	var lasts int
	var wg sync.WaitGroup
	for _, u := range units {
		runner := unitRunner(t, b)
		wg.Go(func() {
			if !assert.NoError(t, runner.RunUnit(ctx, u, nil), u.Key()) {
				return
			}
			out, err := store.Complete(ctx, u.PlanID, u.Key())
			assert.NoError(t, err)
			mu.Lock()
			defer mu.Unlock()
			if out.Last {
				lasts++
			}
		})
	}
	wg.Wait()
	assert.Equal(t, 1, lasts, "one worker sees the plan complete and runs the stitch")
	stored := storedKeys(t, b, parent)
	assert.Contains(t, stored, "stream/init-0.m4s", "the first chunk's init segments")
	for n := 1; n <= 6; n++ {
		assert.Contains(t, stored, fmt.Sprintf("stream/seg-0-%05d.m4s", n), "12 s in 2 s segments, numbered as one run numbers them")
	}
	inits := 0
	for _, key := range stored {
		if strings.HasPrefix(key, "stream/init-") {
			inits++
		}
	}
	// The audio's representations follow the video renditions': the last is one of them.
	assert.Contains(t, stored, fmt.Sprintf("stream/seg-%d-00001.m4s", inits-1), "the audio unit's segments")

	var records []string
	for info, err := range b.store.List(ctx, parent.PlanFolder(plan.ID)) {
		require.NoError(t, err)
		records = append(records, strings.TrimPrefix(info.Key, parent.PlanFolder(plan.ID)))
	}
	slices.Sort(records)
	assert.Equal(t, []string{"chunks/0/stream/dash-h264.mpd", "chunks/1/stream/dash-h264.mpd", "chunks/2/stream/dash-h264.mpd",
		"chunks/audio/stream/dash-h264.mpd"}, records, "each unit's record, in the plan's private folder")
	assert.True(t, strings.HasPrefix(parent.PlanFolder(plan.ID), blob.TranscodeFolder), "never under the video's public folder")

	require.NoError(t, unitRunner(t, b).RunUnit(ctx, units[2], nil), "a redelivered chunk, on a fifth worker")
	out, err := store.Complete(ctx, units[2].PlanID, units[2].Key())
	require.NoError(t, err)
	assert.False(t, out.First)
	assert.False(t, out.Last)
	assert.Equal(t, stored, storedKeys(t, b, parent), "the same keys again: no duplicates, no orphans")
}

// chunkUnits are the units the parent would publish for planned: the
// audio, then the chunks.
func chunkUnits(parent job.Job, planned media.Planned) []job.Unit {
	planID := events.PlanID(parent, 1)
	audio := job.Unit{Job: parent, PlanID: planID, Kind: job.UnitAudio, Chunks: len(planned.Chunks),
		MediaPlan: planned.Record, MediaPlanVersion: media.PlanVersion}
	audio.ID = events.UnitID(parent.ID, planID, audio.Key())
	units := []job.Unit{audio}
	for _, c := range planned.Chunks {
		u := job.Unit{Job: parent, PlanID: planID, Kind: job.UnitChunk, Chunk: c, Chunks: len(planned.Chunks),
			MediaPlan: planned.Record, MediaPlanVersion: media.PlanVersion}
		u.ID = events.UnitID(parent.ID, planID, u.Key())
		units = append(units, u)
	}
	return units
}

// unitRunner is one worker's runner, with a work directory of its own.
func unitRunner(t *testing.T, b *bundle) *job.Runner {
	t.Helper()
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelError}))
	return &job.Runner{Store: b.store, Fetcher: fetch.New(fetch.Options{}), Transcoder: media.New(unitChunks),
		Sources: startSources(t, b.store, logger), WorkDir: t.TempDir(), Logger: logger}
}

// storedKeys lists the video's stored files, relative to its folder.
func storedKeys(t *testing.T, b *bundle, j job.Job) []string {
	t.Helper()
	var keys []string
	for info, err := range b.store.List(context.Background(), j.MediaFolder()) {
		require.NoError(t, err)
		keys = append(keys, strings.TrimPrefix(info.Key, j.MediaFolder()))
	}
	slices.Sort(keys)
	return keys
}

// The audio unit of a source without sound encodes and stores nothing,
// and succeeds: the plan's record still counts it done.
func TestAudioUnitOfASilentSource(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	source := mediatest.Clip(t, mediatest.ClipSpec{Width: 640, Height: 360, Seconds: 12})
	parent := transcodetest.NewJob()
	transcodetest.Upload(t, b.store, &parent, source)
	planned, err := media.New(unitChunks).Plan(ctx, media.Job{Source: source})
	require.NoError(t, err)
	require.Len(t, planned.Chunks, 3)

	audio := chunkUnits(parent, planned)[0]
	require.Equal(t, job.UnitAudio, audio.Kind)
	require.NoError(t, unitRunner(t, b).RunUnit(ctx, audio, nil))
	assert.Empty(t, storedKeys(t, b, parent))
	for info, err := range b.store.List(ctx, parent.PlanFolder(audio.PlanID)) {
		require.NoError(t, err)
		assert.Fail(t, "a record of an audio run that did not run", info.Key)
	}
}
