// Package hlstest follows HLS playlists as a player does, for tests that go
// from a master playlist to a segment through the real edge.
package hlstest

import (
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// FirstURI is the first line of a playlist that is neither a tag nor blank:
// a master's first variant, a media playlist's first segment; "" if none.
func FirstURI(playlist string) string {
	for line := range strings.Lines(playlist) {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			return line
		}
	}
	return ""
}

// Resolve resolves ref against base, as a player resolves a playlist's URIs.
func Resolve(t testing.TB, base, ref string) string {
	t.Helper()
	b, err := url.Parse(base)
	require.NoError(t, err)
	r, err := url.Parse(ref)
	require.NoError(t, err)
	return b.ResolveReference(r).String()
}
