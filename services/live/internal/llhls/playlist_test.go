package llhls_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/golden"
	"github.com/vidhost/vidhost/services/live/internal/llhls"
)

func playlist(t *testing.T, m *llhls.Muxer, req llhls.PlaylistRequest) string {
	t.Helper()
	body, err := m.Playlist(context.Background(), req)
	require.NoError(t, err)
	return string(body)
}

func TestPlaylistGolden(t *testing.T) {
	c := loadClip(t)
	tests := []struct {
		name   string
		length time.Duration
		close  bool
		req    llhls.PlaylistRequest
	}{
		{name: "live", length: 5 * time.Second},
		{name: "ended", length: 5 * time.Second, close: true},
		{name: "full_20s", length: 20 * time.Second},
		{name: "delta_20s", length: 20 * time.Second, req: llhls.PlaylistRequest{Skip: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := newMuxer(t, c, llhls.Config{})
			c.feed(t, m, 0, tt.length)
			if tt.close {
				require.NoError(t, m.Close())
			}
			golden.Text(t, tt.name, playlist(t, m, tt.req))
		})
	}
}
