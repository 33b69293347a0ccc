package worker_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/profiles"
	"github.com/vidhost/vidhost/services/transcode/internal/media"
	"github.com/vidhost/vidhost/services/transcode/internal/mediatest"
	"github.com/vidhost/vidhost/services/transcode/internal/transcodetest"
)

// The efficient profile, distributed: every chunk's unit also runs its AV1
// renditions and stores their records, and the stitch merges the AV1 set:
// its tracks continuous across the edges, its playlists naming every
// stored segment. 12 s of 360p in 4 s chunks on two workers; 10-30 s.
func TestDistributedChunksWithAV1(t *testing.T) {
	if testing.Short() {
		t.Skip("encodes 12 s of video in H.264 and AV1 chunks")
	}
	t.Parallel()
	b := setup(t)
	ws := distributedSetup()
	ws.media.Chunks = media.ChunkConfig{Threshold: 4 * time.Second, Length: 4 * time.Second, Parallel: 1}
	b.start(t, ws)
	b.start(t, ws)
	source := mediatest.SceneCut(t, 640, 360, 12, 4)
	j := transcodetest.NewJob()
	j.Transcoder = profiles.Efficient
	transcodetest.Upload(t, b.store, &j, source)
	b.enqueue(t, j)

	final := b.reports.WaitFinal(t, j.VideoID)
	require.NotNil(t, final.Completed, "failed: %v", final.Failed)
	require.Eventually(t, func() bool { return b.queueEmpty(t) }, transcodetest.WaitTimeout, 50*time.Millisecond, "jobs or units left")
	assertOneCompleted(t, b, j)
	assertPlanDeleted(t, b)
	dir := download(t, b, j)
	var segments []string
	for _, key := range storedKeys(t, b, j) {
		if strings.HasPrefix(key, "stream/init-") || strings.HasPrefix(key, "stream/seg-") {
			segments = append(segments, key)
		}
	}
	assert.Equal(t, playlistSegments(t, dir), segments, "every stored segment once, each one a playlist names")
	manifest, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(media.DASHManifest)))
	require.NoError(t, err)
	assert.Contains(t, string(manifest), `codecs="av01`, "the AV1 set merged into the DASH manifest")
	length := transcodetest.Probe(t, source).Seconds()
	tracks, err := filepath.Glob(filepath.Join(dir, media.StreamDir, "init-av1-*.m4s"))
	require.NoError(t, err)
	require.NotEmpty(t, tracks, "AV1 renditions")
	for _, init := range tracks {
		id := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(init), "init-"), ".m4s")
		end := assertContinuous(t, joinedTrack(t, dir, id), "v:0", id)
		assert.InDelta(t, length, end, 0.1, id)
	}
}
