package llhls_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/services/live/internal/llhls"
)

func TestMasterNamesTheRenditionWithItsCodecs(t *testing.T) {
	c := loadClip(t)
	body, err := llhls.Master(c.Tracks(), "s1/index.m3u8", 6_000_000)
	require.NoError(t, err)
	master := string(body)
	// The clip is 160x90 Constrained Baseline level 1.1 (x264's
	// ultrafast), 30 fps, AAC-LC.
	assert.Contains(t, master, "#EXT-X-STREAM-INF:BANDWIDTH=6000000,CODECS=\"avc1.42c00b,mp4a.40.2\",RESOLUTION=160x90,FRAME-RATE=30.000\ns1/index.m3u8\n")

	_, err = llhls.Master(llhls.Tracks{}, "s1/index.m3u8", 1)
	assert.Error(t, err, "no parameter sets")
}
