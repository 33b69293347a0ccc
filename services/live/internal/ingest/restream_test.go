package ingest_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/netguard"
	"github.com/vidhost/vidhost/pkg/simulcast/simulcasttest"
	"github.com/vidhost/vidhost/services/live/internal/ingest"
	"github.com/vidhost/vidhost/services/live/internal/restream"
)

// TestRestreamsGetTheStreamAndTheirDeathCutsNothing: an event with two
// outputs (ffmpeg RTMP receivers, as other platforms' ingest) sends both
// the publisher's stream; one dies half way. The other records the whole
// stream, and the event's own run, HLS and recording, goes on to the end
// as without outputs.
func TestRestreamsGetTheStreamAndTheirDeathCutsNothing(t *testing.T) {
	t.Parallel()
	b := setupConfig(t, ingest.Config{Restream: restream.Config{Allow: netguard.AnyAddress}}, 0)
	steady, dying := simulcasttest.Start(t, "steady-key"), simulcasttest.Start(t, "dying-key")
	grant := b.grant
	grant.Restreams = []restream.Target{
		{ID: "steady", URL: steady.URL, Key: steady.Key},
		{ID: "dying", URL: dying.URL, Key: dying.Key},
	}
	b.keys.mu.Lock()
	b.keys.grant[b.key] = grant
	b.keys.mu.Unlock()

	p := start(t, b.url+"/"+b.key, 8)
	time.Sleep(4 * time.Second)
	dying.Kill()
	log, err := p.wait()
	require.NoError(t, err, log)
	end := b.ended(t)

	assert.Equal(t, "the publisher disconnected", end.Reason)
	assert.InDelta(t, 8, end.Duration, 1, "the event's own run went on")
	got := steady.Result(t)
	assert.ElementsMatch(t, []string{"h264", "aac"}, got.Codecs)
	assert.InDelta(t, 8, got.Seconds, 1.5, "the steady output got the whole stream")
	playlist := read(t, b.store, "videos/"+b.grant.AccountID+"/"+b.grant.VideoID+"/live/360p/index.m3u8")
	assert.Contains(t, playlist, "#EXT-X-ENDLIST")
}
