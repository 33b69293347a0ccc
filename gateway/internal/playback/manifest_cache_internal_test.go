package playback

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/blob"
)

// A template renders exactly what the rewriter writes, for every kind of
// file and any token.
func TestTokenTemplateMatchesRewriters(t *testing.T) {
	var long strings.Builder
	long.WriteString("#EXTM3U\r\n#EXT-X-MAP:URI=\"init.m4s\"\r\n")
	for i := range 50 {
		fmt.Fprintf(&long, "#EXTINF:2,\r\nseg-%d.m4s?a=b#frag\r\n  https://cdn.example/abs-%d.m4s\r\n", i, i)
	}
	files := map[rewriter][]string{
		rewriteHLSPlaylist: {"", "#EXTM3U\nplaylist_0.m3u8\n", long.String(),
			"#EXT-X-MEDIA:TYPE=AUDIO,URI=\"a.m3u8\"\n#EXT-X-I-FRAME-STREAM-INF:URI=\"//host/x.m3u8\"\nno-newline.m4s"},
		rewriteDASHManifest: {`<MPD><BaseURL>v.mp4</BaseURL><SegmentTemplate media="s$Number$.m4s?x=1" initialization="i.m4s"/></MPD>`},
		rewriteSprites:      {"WEBVTT\n\n00:00.000 --> 00:05.000\nsprite.jpg#xywh=0,0,160,90\n\n00:05.000 --> 00:10.000\n  s2.jpg#xywh=0,0,1,1\n"},
	}
	for rewrite, bodies := range files {
		for i, body := range append(bodies, "sentinel "+tokenSentinel+" inside\nseg.m4s\n") {
			t.Run(fmt.Sprintf("%d/%d", rewrite, i), func(t *testing.T) {
				template := newTokenTemplate([]byte(body), rewriters[rewrite])
				for _, query := range []string{"token=1.k.sig", "token=1795552312..5mgTXJeIedEVhQqdqQetCgG--ebNEmzFLdCczmTEbqU"} {
					want := rewriters[rewrite]([]byte(body), query)
					got := template.render(nil, query)
					assert.Equal(t, string(want), string(got))
					if template.direct == nil {
						assert.Len(t, got, template.sizeHint(len(query)))
					}
				}
			})
		}
	}
}

// The cache never holds more than its bound, templates included.
func TestManifestCacheIsBounded(t *testing.T) {
	store, err := blob.NewLocal(blob.Config{Dir: t.TempDir()})
	require.NoError(t, err)
	const bound = 64 << 10
	c := newManifestCache(store, bound, later)
	body := strings.Repeat("#EXTINF:2,\nseg.m4s\n", 300) // 5.7 KB, 300 URIs
	for i := range 100 {
		key := fmt.Sprintf("videos/a/v%d/playlist.m3u8", i)
		require.NoError(t, store.Put(t.Context(), key, strings.NewReader(body), int64(len(body)), ""))
		m, err := c.get(t.Context(), key)
		require.NoError(t, err)
		require.NotNil(t, m)
		c.template(m, rewriteHLSPlaylist)
		c.mu.Lock()
		used, entries := c.used, len(c.entries)
		var sum int64
		for _, e := range c.entries {
			sum += e.cost.Load()
		}
		c.mu.Unlock()
		assert.Equal(t, sum, used, "the count matches the entries")
		// A template added after the put may overshoot until the next put.
		assert.LessOrEqual(t, used, int64(bound)+c.template(m, rewriteHLSPlaylist).cost, "after %d files", i+1)
		assert.Less(t, entries, 10)
	}
}

// Files above the size kept are served from the store, not held.
func TestManifestCacheSkipsLargeFiles(t *testing.T) {
	store, err := blob.NewLocal(blob.Config{Dir: t.TempDir()})
	require.NoError(t, err)
	c := newManifestCache(store, 0, later)
	big := strings.Repeat("x", maxCachedManifest+1)
	require.NoError(t, store.Put(t.Context(), "videos/a/v/big.m3u8", strings.NewReader(big), int64(len(big)), ""))
	m, err := c.get(t.Context(), "videos/a/v/big.m3u8")
	require.NoError(t, err)
	assert.Nil(t, m)
	assert.Empty(t, c.entries)
}

// later is a clock at which every file just written has settled.
func later() time.Time { return time.Now().Add(time.Hour) }

// Once settled, a file is served from memory until the store holds another
// version; a file changed within settleTime of its read is never kept.
func TestManifestCacheKeepsSettledFiles(t *testing.T) {
	dir := t.TempDir()
	store, err := blob.NewLocal(blob.Config{Dir: dir})
	require.NoError(t, err)
	const key = "videos/a/v/playlist.m3u8"
	put := func(body string, modified time.Time) {
		require.NoError(t, store.Put(t.Context(), key, strings.NewReader(body), int64(len(body)), ""))
		require.NoError(t, os.Chtimes(filepath.Join(dir, key), modified, modified))
	}
	written := time.Now().Add(-time.Minute).Truncate(time.Second)
	now := written.Add(2 * settleTime)
	c := newManifestCache(store, 0, func() time.Time { return now })

	put("#EXTM3U\nseg-1.m4s\n", written)
	first, err := c.get(t.Context(), key)
	require.NoError(t, err)
	again, err := c.get(t.Context(), key)
	require.NoError(t, err)
	assert.Same(t, first, again, "a settled file is served from memory")

	put("#EXTM3U\nseg-2.m4s\n", written.Add(time.Millisecond)) // same size, another tick
	changed, err := c.get(t.Context(), key)
	require.NoError(t, err)
	assert.Equal(t, "#EXTM3U\nseg-2.m4s\n", string(changed.body))

	put("#EXTM3U\nseg-3.m4s\n", now.Add(-time.Millisecond)) // not settled when read
	unsettled, err := c.get(t.Context(), key)
	require.NoError(t, err)
	assert.Equal(t, "#EXTM3U\nseg-3.m4s\n", string(unsettled.body))
	c.mu.Lock()
	assert.Same(t, changed, c.entries[key], "the unsettled version was not kept")
	c.mu.Unlock()
}

// Concurrent requests, templates and evictions keep the count exact.
func TestManifestCacheCountsUnderConcurrency(t *testing.T) {
	store, err := blob.NewLocal(blob.Config{Dir: t.TempDir()})
	require.NoError(t, err)
	c := newManifestCache(store, 32<<10, later)
	body := strings.Repeat("#EXTINF:2,\nseg.m4s\n", 300)
	var keys []string
	for i := range 8 {
		key := fmt.Sprintf("videos/a/v%d/playlist.m3u8", i)
		require.NoError(t, store.Put(t.Context(), key, strings.NewReader(body), int64(len(body)), ""))
		keys = append(keys, key)
	}
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for i := range 200 {
				m, err := c.get(t.Context(), keys[(g+i)%len(keys)])
				if assert.NoError(t, err) && m != nil {
					c.template(m, rewriteHLSPlaylist)
				}
			}
		})
	}
	wg.Wait()
	c.mu.Lock()
	defer c.mu.Unlock()
	var sum int64
	for _, e := range c.entries {
		sum += e.cost.Load()
	}
	assert.Equal(t, sum, c.used)
}
