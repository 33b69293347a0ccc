package e2e

import (
	"net/http"
	"net/url"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// Issue 26 (also close): a viewer JWT a few seconds past its exp is still
// inside the clock-skew leeway, but the media token it would open expires
// at that exp. The page and the manifest must refuse it, as the segments
// would, rather than hand the player a token every segment refuses. No
// sleeping: the JWT is minted already 10 s expired.
func TestJustExpiredViewerJWTOpensNoPageOrManifest(t *testing.T) {
	v := mediaVideo(t, "private")
	key := registerViewerKey(t)
	page := func(jwt string) string { return suiteOf(t).URL + "/watch/" + v.ID + "?jwt=" + url.QueryEscape(jwt) }
	manifest := func(jwt string) string {
		return suiteOf(t).URL + "/media/" + v.ID + "/stream/master.m3u8?jwt=" + url.QueryEscape(jwt)
	}

	expired := key.mint(t, v.ID, -10*time.Second)
	status, body := fetchMedia(t, page(expired))
	assert.Equal(t, http.StatusForbidden, status, "watch page with a JWT 10 s past its exp")
	assert.Contains(t, string(body), "The link to it is invalid or has expired")
	status, _ = fetchMedia(t, manifest(expired))
	assert.Equal(t, http.StatusForbidden, status, "manifest with a JWT 10 s past its exp")

	valid := key.mint(t, v.ID, time.Minute)
	// The fabricated video has no transcoded sources, so its page says
	// "not ready" (404); what matters is that the JWT is not refused.
	status, body = fetchMedia(t, page(valid))
	assert.NotEqual(t, http.StatusForbidden, status, "watch page with a valid JWT")
	assert.NotContains(t, string(body), "This video is private")
	status, body = fetchMedia(t, manifest(valid))
	assert.Equal(t, http.StatusOK, status, "manifest with a valid JWT")
	assert.Regexp(t, mediaTokenIn, string(body), "the manifest's URLs carry a media token")
}
