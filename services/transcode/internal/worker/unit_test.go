package worker_test

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
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

// Six workers each run one unit (two audio runs, one per bitrate of the
// 360p ladder, and three chunks) of a 12 s upload (planned once, as the
// parent would) and record it in the plan's record on NATS: exactly one of
// them sees the plan complete, the segments are stored under the
// one-process names, a redelivered chunk and a redelivered audio run
// rewrite the same keys and change nothing in the record, and a seventh
// worker's stitch writes the one-process chunked run's DASH manifest and
// media playlists, byte for byte, and its very audio segments. 20-40 s on
// two cores.
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
	require.Equal(t, 2, planned.AudioRuns, "360p and 240p: 96 and 64 kb/s")

	units := chunkUnits(parent, planned)
	store, err := chunkstate.New(ctx, b.worker)
	require.NoError(t, err)
	plan := chunkstate.Plan{ID: units[0].PlanID, JobID: parent.ID, Window: len(units)}
	for _, u := range units {
		unit := chunkstate.Unit{Key: u.Key(), Weight: 1, Audio: u.Audio}
		if u.Kind == job.UnitChunk {
			unit.Weight, unit.Chunk = int(u.Chunk.Length()/time.Second), &u.Chunk
		}
		plan.Units = append(plan.Units, unit)
	}
	_, released, err := store.Open(ctx, plan)
	require.NoError(t, err)
	require.Equal(t, []string{"audio-0", "audio-1", "chunk-0", "chunk-1", "chunk-2"}, released)

	record, err := store.Get(ctx, plan.ID)
	require.NoError(t, err)
	for i, key := range released {
		unit, ok := record.Unit(key)
		require.True(t, ok, key)
		sibling := units[len(units)-1].AudioSibling(unit.Audio)
		if unit.Chunk != nil {
			sibling = units[0].Sibling(job.UnitChunk, *unit.Chunk)
		}
		sibling.ID = events.UnitID(parent.ID, sibling.PlanID, sibling.Key())
		assert.Equal(t, units[i], sibling, "any worker builds a released unit from the record alone")
	}
	assert.NotEqual(t, units[0].ID, units[1].ID, "each audio run is a message of its own")

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
	// The audio's representations follow the video renditions' (2): one per audio run.
	for _, id := range []int{2, 3} {
		assert.Contains(t, stored, fmt.Sprintf("stream/init-%d.m4s", id), "audio run %d's init segment", id-2)
		assert.Contains(t, stored, fmt.Sprintf("stream/seg-%d-00006.m4s", id), "audio run %d's segments", id-2)
	}
	assert.NotContains(t, stored, "stream/init-4.m4s")

	var records []string
	for info, err := range b.store.List(ctx, parent.PlanFolder(plan.ID)) {
		require.NoError(t, err)
		records = append(records, strings.TrimPrefix(info.Key, parent.PlanFolder(plan.ID)))
	}
	slices.Sort(records)
	assert.Equal(t, []string{"chunks/0/stream/dash-h264.mpd", "chunks/1/stream/dash-h264.mpd", "chunks/2/stream/dash-h264.mpd",
		"chunks/audio-0/stream/dash-h264.mpd", "chunks/audio-1/stream/dash-h264.mpd"}, records, "each unit's record, in the plan's private folder")
	assert.True(t, strings.HasPrefix(parent.PlanFolder(plan.ID), blob.TranscodeFolder), "never under the video's public folder")

	for _, again := range []job.Unit{units[3], units[1]} {
		require.NoError(t, unitRunner(t, b).RunUnit(ctx, again, nil), "a redelivered %s, on another worker", again.Key())
		out, err := store.Complete(ctx, again.PlanID, again.Key())
		require.NoError(t, err)
		assert.False(t, out.First)
		assert.False(t, out.Last)
		assert.Equal(t, stored, storedKeys(t, b, parent), "%s: the same keys again: no duplicates, no orphans", again.Key())
	}
	assertStitchMatchesOneProcess(t, b, parent, units[0], source)
}

// assertStitchMatchesOneProcess runs the stitch of u's plan on a worker of
// its own and compares what it stored with the same job chunked in one
// process: the DASH manifest and every media playlist byte for byte, and
// the audio segments too (AAC encodes the same bytes every run; x264 does
// not, which is why the master, whose bandwidths are measured from the
// segments, and the video segments are not compared).
func assertStitchMatchesOneProcess(t *testing.T, b *bundle, parent job.Job, u job.Unit, source string) {
	t.Helper()
	stitch := u.Sibling(job.UnitStitch, media.Chunk{})
	stitch.ID = events.UnitID(parent.ID, stitch.PlanID, stitch.Key())
	_, err := unitRunner(t, b).RunStitch(context.Background(), stitch)
	require.NoError(t, err)
	one := t.TempDir()
	_, err = media.New(unitChunks).Transcode(context.Background(), media.Job{Source: source, OutDir: one, Chunked: true})
	require.NoError(t, err)
	stitched := download(t, b, parent)
	compared := []string{media.DASHManifest}
	for _, pattern := range []string{"playlist_*.m3u8", "init-[23].m4s", "seg-[23]-*.m4s"} {
		names, err := filepath.Glob(filepath.Join(one, media.StreamDir, pattern))
		require.NoError(t, err)
		for _, name := range names {
			compared = append(compared, media.StreamDir+"/"+filepath.Base(name))
		}
	}
	require.Greater(t, len(compared), 16, "4 playlists, 2 x 7 audio files")
	for _, rel := range compared {
		want, err := os.ReadFile(filepath.Join(one, rel)) //nolint:gosec // the test's own directory
		require.NoError(t, err)
		got, err := os.ReadFile(filepath.Join(stitched, rel)) //nolint:gosec // the test's own directory
		require.NoError(t, err)
		assert.Equal(t, string(want), string(got), "%s: the one-process chunked run's", rel)
	}
}

// chunkUnits are the units the parent would publish for planned: the
// audio runs, then the chunks.
func chunkUnits(parent job.Job, planned media.Planned) []job.Unit {
	planID := events.PlanID(parent, 1)
	var units []job.Unit
	for k := range planned.AudioRuns {
		audio := job.Unit{Job: parent, PlanID: planID, Kind: job.UnitAudio, Audio: k, Chunks: len(planned.Chunks),
			MediaPlan: planned.Record, MediaPlanVersion: media.PlanVersion}
		audio.ID = events.UnitID(parent.ID, planID, audio.Key())
		units = append(units, audio)
	}
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

// A source without sound has no audio run, so its plan has no audio
// unit; an audio unit that names one anyway (a forgery, a bug) fails
// rather than storing nothing under a key its plan lacks.
func TestSilentSourceHasNoAudioUnit(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := context.Background()
	source := mediatest.Clip(t, mediatest.ClipSpec{Width: 640, Height: 360, Seconds: 12})
	parent := transcodetest.NewJob()
	transcodetest.Upload(t, b.store, &parent, source)
	planned, err := media.New(unitChunks).Plan(ctx, media.Job{Source: source})
	require.NoError(t, err)
	require.Len(t, planned.Chunks, 3)
	assert.Zero(t, planned.AudioRuns)

	units := chunkUnits(parent, planned)
	require.Len(t, units, 3)
	for _, u := range units {
		assert.Equal(t, job.UnitChunk, u.Kind)
	}
	audio := units[0].AudioSibling(0)
	audio.ID = events.UnitID(parent.ID, audio.PlanID, audio.Key())
	assert.Error(t, unitRunner(t, b).RunUnit(ctx, audio, nil))
	assert.Empty(t, storedKeys(t, b, parent))
}
