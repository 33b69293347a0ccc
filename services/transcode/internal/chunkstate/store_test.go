package chunkstate_test

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/natstest"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/services/transcode/internal/chunkstate"
	"github.com/vidhost/vidhost/services/transcode/internal/job"
	"github.com/vidhost/vidhost/services/transcode/internal/media"
)

// newStore is a store on a NATS server of the test's own, connected as the
// transcode service with its production rights (so the rights table is
// tested too). Each call is one more worker's connection to it.
func newStore(t *testing.T, url string) *chunkstate.Store {
	t.Helper()
	js := natstest.JetStreamAs(t, url, natsx.ServiceTranscode)
	s, err := chunkstate.New(t.Context(), js)
	require.NoError(t, err)
	return s
}

// plan is one audio run (weighing 10) and chunks of 30 s each.
func plan(chunks, window int) chunkstate.Plan {
	return planWith(1, 10, chunks, window)
}

// planWith is audio runs of weight audioWeight each, then chunks of 30 s
// each, as the parent lists them.
func planWith(audio, audioWeight, chunks, window int) chunkstate.Plan {
	p := chunkstate.Plan{ID: ids.New(), JobID: ids.New(), Window: window}
	for k := range audio {
		p.Units = append(p.Units, chunkstate.Unit{Key: job.AudioKey(k), Weight: audioWeight, Audio: k})
	}
	for i := range chunks {
		p.Units = append(p.Units, chunkstate.Unit{Key: job.ChunkKey(i), Weight: 30, Chunk: &media.Chunk{Index: i}})
	}
	return p
}

func TestConcurrentCompletionsHaveExactlyOneLast(t *testing.T) {
	t.Parallel()
	url := natstest.Start(t)
	workers := []*chunkstate.Store{newStore(t, url), newStore(t, url), newStore(t, url)}
	p := plan(12, 13) // every unit released at once, so all race
	_, release, err := workers[0].Open(t.Context(), p)
	require.NoError(t, err)
	require.Len(t, release, 13)

	var mu sync.Mutex
	var lasts, firsts int
	var wg sync.WaitGroup
	for i, u := range p.Units {
		wg.Go(func() {
			out, err := workers[i%len(workers)].Complete(context.Background(), p.ID, u.Key)
			assert.NoError(t, err)
			mu.Lock()
			defer mu.Unlock()
			if out.Last {
				lasts++
			}
			if out.First {
				firsts++
			}
		})
	}
	wg.Wait()
	assert.Equal(t, 1, lasts, "exactly one completion runs the stitch")
	assert.Equal(t, len(p.Units), firsts, "every unit is recorded once")
	r, err := workers[1].Get(t.Context(), p.ID)
	require.NoError(t, err)
	assert.True(t, r.Complete())
	assert.Equal(t, 100, r.Percent())
	assert.Equal(t, 12, r.Playable())
}

func TestRedeliveredCompletionChangesNothing(t *testing.T) {
	t.Parallel()
	s := newStore(t, natstest.Start(t))
	p := plan(3, 2)
	_, release, err := s.Open(t.Context(), p)
	require.NoError(t, err)
	assert.Equal(t, []string{job.AudioKey(0), job.ChunkKey(0)}, release)

	first, err := s.Complete(t.Context(), p.ID, job.AudioKey(0))
	require.NoError(t, err)
	assert.True(t, first.First)
	assert.Equal(t, []string{job.ChunkKey(1)}, first.Release, "the window moves on by one")
	before, err := s.Get(t.Context(), p.ID)
	require.NoError(t, err)

	again, err := s.Complete(t.Context(), p.ID, job.AudioKey(0))
	require.NoError(t, err)
	assert.False(t, again.First)
	assert.False(t, again.Last)
	assert.Equal(t, first.Release, again.Release, "a worker that died before publishing loses nothing")
	after, err := s.Get(t.Context(), p.ID)
	require.NoError(t, err)
	assert.Equal(t, before, after)
	assert.Equal(t, 3, after.Released, "the repeat released nothing more")
}

func TestWindowBoundsUnitsInFlight(t *testing.T) {
	t.Parallel()
	s := newStore(t, natstest.Start(t))
	p := plan(6, 3)
	_, published, err := s.Open(t.Context(), p)
	require.NoError(t, err)
	var order []string
	for len(published) > 0 {
		key := published[0]
		published = published[1:]
		order = append(order, key)
		out, err := s.Complete(t.Context(), p.ID, key)
		require.NoError(t, err)
		published = append(published, out.Release...)
		r, err := s.Get(t.Context(), p.ID)
		require.NoError(t, err)
		assert.LessOrEqual(t, r.Released-len(r.Done), 3, "released and not done after %s", key)
		if len(published) == 0 {
			assert.True(t, out.Last, "the plan's last unit says so")
		}
	}
	assert.Len(t, order, 7, "every unit was released exactly once")
}

func TestRedeliveredParentReleasesTheSameUnits(t *testing.T) {
	t.Parallel()
	s := newStore(t, natstest.Start(t))
	p := plan(5, 3)
	_, first, err := s.Open(t.Context(), p)
	require.NoError(t, err)
	_, err = s.Complete(t.Context(), p.ID, job.AudioKey(0))
	require.NoError(t, err)

	replanned := p
	replanned.Units = replanned.Units[:2] // a second plan must not replace the first
	r, again, err := s.Open(t.Context(), replanned)
	require.NoError(t, err)
	assert.Equal(t, first[1:], again, "the parent's units not done yet")
	assert.Len(t, r.Units, 6)
}

func TestFailedUnitStopsThePlan(t *testing.T) {
	t.Parallel()
	url := natstest.Start(t)
	failing, other := newStore(t, url), newStore(t, url)
	p := plan(3, 4)
	_, _, err := failing.Open(t.Context(), p)
	require.NoError(t, err)

	first, reason, err := failing.Fail(t.Context(), p.ID, job.ChunkKey(1), "transcoding failed: the encoder stopped with an error")
	require.NoError(t, err)
	assert.True(t, first)
	assert.Equal(t, "transcoding failed: the encoder stopped with an error", reason)

	second, reason, err := other.Fail(t.Context(), p.ID, job.ChunkKey(2), "another reason")
	require.NoError(t, err)
	assert.False(t, second, "one failure reports the video")
	assert.Equal(t, "transcoding failed: the encoder stopped with an error", reason, "the first failure is the reason")

	out, err := other.Complete(t.Context(), p.ID, job.ChunkKey(0))
	require.NoError(t, err)
	assert.Equal(t, "transcoding failed: the encoder stopped with an error", out.Stopped)
	assert.False(t, out.First, "work of a failed plan is not recorded")
	r, err := other.Get(t.Context(), p.ID)
	require.NoError(t, err)
	assert.Empty(t, r.Done)
}

func TestCancelStopsUnitsWithoutAReport(t *testing.T) {
	t.Parallel()
	s := newStore(t, natstest.Start(t))
	p := plan(2, 3)
	_, _, err := s.Open(t.Context(), p)
	require.NoError(t, err)
	stopped, err := s.Cancel(t.Context(), p.ID, "the video was deleted")
	require.NoError(t, err)
	assert.True(t, stopped)
	first, _, err := s.Fail(t.Context(), p.ID, job.ChunkKey(0), "killed")
	require.NoError(t, err)
	assert.False(t, first, "a unit stopped by the cancel does not report the video failed")
	r, err := s.Get(t.Context(), p.ID)
	require.NoError(t, err)
	assert.True(t, r.Cancelled)
}

func TestFinishOnceAfterEveryUnit(t *testing.T) {
	t.Parallel()
	s := newStore(t, natstest.Start(t))
	p := plan(1, 2)
	_, _, err := s.Open(t.Context(), p)
	require.NoError(t, err)
	_, err = s.Finish(t.Context(), p.ID)
	require.Error(t, err, "not before every unit is done")
	for _, u := range p.Units {
		_, err := s.Complete(t.Context(), p.ID, u.Key)
		require.NoError(t, err)
	}
	again, err := s.Complete(t.Context(), p.ID, job.AudioKey(0))
	require.NoError(t, err)
	assert.True(t, again.Complete, "a repeat after the last publishes the stitch again")

	var finished int
	var wg sync.WaitGroup
	var mu sync.Mutex
	for range 4 {
		wg.Go(func() {
			first, err := s.Finish(context.Background(), p.ID)
			assert.NoError(t, err)
			if first {
				mu.Lock()
				finished++
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	assert.Equal(t, 1, finished, "one stitch reports the video ready")
	late, err := s.Complete(t.Context(), p.ID, job.AudioKey(0))
	require.NoError(t, err)
	assert.False(t, late.Complete, "no stitch after the plan finished")
}

func TestUnknownPlanOrUnit(t *testing.T) {
	t.Parallel()
	s := newStore(t, natstest.Start(t))
	_, err := s.Complete(t.Context(), ids.New(), job.AudioKey(0))
	require.ErrorIs(t, err, chunkstate.ErrNoPlan)
	p := plan(1, 1)
	_, _, err = s.Open(t.Context(), p)
	require.NoError(t, err)
	_, err = s.Complete(t.Context(), p.ID, fmt.Sprintf("chunk-%d", 7))
	require.ErrorIs(t, err, chunkstate.ErrUnknownUnit)
}

func TestProgressAndPlayableGrowWithTheRecord(t *testing.T) {
	t.Parallel()
	s := newStore(t, natstest.Start(t))
	p := plan(3, 4) // audio 10, chunks 30 each: 100 in all
	_, _, err := s.Open(t.Context(), p)
	require.NoError(t, err)
	steps := []struct {
		key               string
		percent, playable int
	}{
		{job.ChunkKey(1), 30, 0}, // out of order: nothing plays before chunk 0
		{job.AudioKey(0), 40, 0}, // the audio alone plays nothing
		{job.ChunkKey(0), 70, 2}, // chunks 0 and 1, with their audio
		{job.ChunkKey(2), 100, 3},
	}
	for _, step := range steps {
		out, err := s.Complete(t.Context(), p.ID, step.key)
		require.NoError(t, err)
		assert.Equal(t, step.percent, out.Percent, step.key)
		assert.Equal(t, step.playable, out.Playable, step.key)
	}
}

// TestEveryAudioRunIsAUnit: a plan of three audio bitrates has three audio
// units, released first and counted in the window; nothing plays before
// every one of them is done (the master names every bitrate), and the
// progress only grows.
func TestEveryAudioRunIsAUnit(t *testing.T) {
	t.Parallel()
	s := newStore(t, natstest.Start(t))
	p := planWith(3, 5, 3, 4) // audio 3 x 5, chunks 3 x 30: 105 in all
	_, release, err := s.Open(t.Context(), p)
	require.NoError(t, err)
	assert.Equal(t, []string{job.AudioKey(0), job.AudioKey(1), job.AudioKey(2), job.ChunkKey(0)}, release, "the audio runs first, within the window")
	steps := []struct {
		key               string
		release           []string
		percent, playable int
	}{
		{job.ChunkKey(0), []string{job.ChunkKey(1)}, 28, 0},
		{job.AudioKey(1), []string{job.ChunkKey(2)}, 33, 0},
		{job.AudioKey(0), nil, 38, 0},
		{job.ChunkKey(1), nil, 66, 0}, // two chunks, one audio run missing
		{job.AudioKey(2), nil, 71, 2},
		{job.ChunkKey(2), nil, 100, 3},
	}
	last := 0
	for _, step := range steps {
		out, err := s.Complete(t.Context(), p.ID, step.key)
		require.NoError(t, err)
		assert.Equal(t, step.release, out.Release, step.key)
		assert.Equal(t, step.percent, out.Percent, step.key)
		assert.GreaterOrEqual(t, out.Percent, last, step.key)
		assert.Equal(t, step.playable, out.Playable, step.key)
		last = out.Percent
	}
	r, err := s.Get(t.Context(), p.ID)
	require.NoError(t, err)
	assert.True(t, r.Complete())
	assert.Equal(t, 3, r.Chunks(), "the audio runs are not chunks")
}
