package playback_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/internal/playback"
	"github.com/vidhost/vidhost/gateway/internal/playback/playbacktest"
)

// A JWT verified once is not verified again, but it still dies with its
// key (evicted or past the key cache's TTL), at its exp, and answers only
// for the video it was verified for.
func TestVerifiedJWTsKeepEveryRefusal(t *testing.T) {
	t.Run("deleted key, evicted", func(t *testing.T) {
		f := jwtFixture(t, time.Hour)
		f.edge.Backends.Identity.RemoveKey(accountA, f.key.ID)
		f.edge.Handler.EvictJWTKey(f.key.ID)
		assert.Equal(t, http.StatusForbidden, get(t, f.url).StatusCode)
	})
	t.Run("deleted key, elsewhere: within the key cache TTL", func(t *testing.T) {
		f := jwtFixture(t, time.Hour)
		f.edge.Backends.Identity.RemoveKey(accountA, f.key.ID)
		assert.Equal(t, http.StatusOK, get(t, f.url).StatusCode, "the key is cached for the TTL, as before")
		f.edge.Clock.Advance(playbacktest.CacheTTL)
		assert.Equal(t, http.StatusForbidden, get(t, f.url).StatusCode)
	})
	t.Run("key replaced under the same id", func(t *testing.T) {
		f := jwtFixture(t, time.Hour)
		other := playbacktest.NewECKey(t)
		other.ID = f.key.ID
		f.edge.Backends.Identity.PutKey(accountA, other)
		f.edge.Clock.Advance(playbacktest.CacheTTL) // the key cache asks identity again
		assert.Equal(t, http.StatusForbidden, get(t, f.url).StatusCode)
	})
	t.Run("expired", func(t *testing.T) {
		f := jwtFixture(t, time.Minute)
		f.edge.Clock.Advance(time.Minute + playback.ClockSkew + time.Second)
		assert.Equal(t, http.StatusForbidden, get(t, f.url).StatusCode)
	})
	t.Run("another video", func(t *testing.T) {
		f := jwtFixture(t, time.Hour)
		other := newVideo(t, f.edge, "private")
		assert.Equal(t, http.StatusForbidden, get(t, mediaURL(f.edge, other, "stream/master.m3u8", "jwt="+f.jwt)).StatusCode)
	})
}

type jwtCase struct {
	edge     *playbacktest.Edge
	key      playbacktest.ViewerKey
	jwt, url string
}

// jwtFixture returns an edge, a key, a JWT for a private video valid for
// life and the URL of the video's master playlist with it, fetched twice so
// that its verification is cached.
func jwtFixture(t *testing.T, life time.Duration) jwtCase {
	t.Helper()
	e := playbacktest.StartEdge(t)
	key := playbacktest.NewECKey(t)
	e.Backends.Identity.PutKey(accountA, key)
	v := newVideo(t, e, "private")
	jwt := key.Mint(t, playbacktest.Claims{Subject: v.GetVideoId(), Expires: e.Clock.Now().Add(life)})
	url := mediaURL(e, v, "stream/master.m3u8", "jwt="+jwt)
	for range 2 {
		require.Equal(t, http.StatusOK, get(t, url).StatusCode)
	}
	return jwtCase{edge: e, key: key, jwt: jwt, url: url}
}
