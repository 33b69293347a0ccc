package chunkstate_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/natstest"
	"github.com/vidhost/vidhost/services/transcode/internal/job"
)

// The playlist claim: one writer at a time, only when the playable chunks
// grew past what the playlists hold; an expired claim is taken over; the
// stitch waits for a holder, and a grace after its claim expired; once
// the stitch took it, no EVENT writer gets it again.
func TestPlaylistClaim(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	s := newStore(t, natstest.Start(t))
	p := plan(3, 4)
	_, _, err := s.Open(ctx, p)
	require.NoError(t, err)

	n, err := s.ClaimPlaylists(ctx, p.ID, "a", time.Minute)
	require.NoError(t, err)
	assert.Zero(t, n, "nothing playable yet")
	for _, key := range []string{job.AudioKey(0), job.ChunkKey(0)} {
		_, err := s.Complete(ctx, p.ID, key)
		require.NoError(t, err)
	}
	n, err = s.ClaimPlaylists(ctx, p.ID, "a", time.Minute)
	require.NoError(t, err)
	assert.Equal(t, 1, n, "the first chunk, with the audio")
	n, err = s.ClaimPlaylists(ctx, p.ID, "b", time.Minute)
	require.NoError(t, err)
	assert.Zero(t, n, "a holds it")
	taken, err := s.ClaimFinalPlaylists(ctx, p.ID, "stitch", 0)
	require.NoError(t, err)
	assert.False(t, taken, "the stitch waits for a")

	require.NoError(t, s.ReleasePlaylists(ctx, p.ID, "a", 1))
	n, err = s.ClaimPlaylists(ctx, p.ID, "b", time.Minute)
	require.NoError(t, err)
	assert.Zero(t, n, "the playlists hold every playable chunk")
	_, err = s.Complete(ctx, p.ID, job.ChunkKey(1))
	require.NoError(t, err)
	n, err = s.ClaimPlaylists(ctx, p.ID, "b", time.Millisecond)
	require.NoError(t, err)
	assert.Equal(t, 2, n)
	time.Sleep(5 * time.Millisecond) // b dies: its claim expires
	n, err = s.ClaimPlaylists(ctx, p.ID, "c", 50*time.Millisecond)
	require.NoError(t, err)
	assert.Equal(t, 2, n, "an expired claim is taken over")
	require.NoError(t, s.ReleasePlaylists(ctx, p.ID, "b", 2), "b's late release changes nothing")
	r, err := s.Get(ctx, p.ID)
	require.NoError(t, err)
	assert.Equal(t, "c", r.Playlists.Holder)
	assert.Equal(t, 1, r.Playlists.Written, "a's, not b's")

	// c stalls past its claim: the stitch waits the grace after it, for
	// a write c sent in time and the store keeps late.
	time.Sleep(time.Until(r.Playlists.Until) + 5*time.Millisecond)
	taken, err = s.ClaimFinalPlaylists(ctx, p.ID, "stitch", time.Minute)
	require.NoError(t, err)
	assert.False(t, taken, "c's claim expired less than the grace ago")
	taken, err = s.ClaimFinalPlaylists(ctx, p.ID, "stitch", 0)
	require.NoError(t, err)
	assert.True(t, taken)
	_, err = s.Complete(ctx, p.ID, job.ChunkKey(2))
	require.NoError(t, err)
	n, err = s.ClaimPlaylists(ctx, p.ID, "d", time.Minute)
	require.NoError(t, err)
	assert.Zero(t, n, "no EVENT playlist after the stitch's")
	taken, err = s.ClaimFinalPlaylists(ctx, p.ID, "stitch again", time.Minute)
	require.NoError(t, err)
	assert.True(t, taken, "a redelivered stitch takes it again")
}
