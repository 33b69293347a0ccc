package llhls_test

import (
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/services/live/internal/llhls"
	"github.com/vidhost/vidhost/services/live/internal/llhls/llhlstest"
)

// The tests' stream is llhlstest's clip (30 fps, a keyframe a second,
// 48 kHz AAC).
const (
	fps        = llhlstest.FPS
	sampleRate = llhlstest.SampleRate
)

var fixedClock = time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)

type clip struct{ *llhlstest.Clip }

func loadClip(t testing.TB) clip { return clip{llhlstest.Load(t)} }

// newMuxer returns a muxer for the clip with a fixed clock.
func newMuxer(t testing.TB, c clip, cfg llhls.Config) *llhls.Muxer {
	t.Helper()
	if cfg.Now == nil {
		cfg.Now = func() time.Time { return fixedClock }
	}
	m, err := llhls.New(cfg, c.Tracks())
	require.NoError(t, err)
	return m
}

// feed writes the clip from stream time from to to, at once.
func (c clip) feed(t testing.TB, m *llhls.Muxer, from, to time.Duration) {
	t.Helper()
	c.Feed(t, m, llhlstest.Exact30, from, to)
}

func itoa(n uint64) string { return strconv.FormatUint(n, 10) }
