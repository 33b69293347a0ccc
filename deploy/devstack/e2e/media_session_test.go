package e2e

import (
	"net/http"
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Issue 26 (also close): a media token the edge mints for a dashboard
// session is bound to that session. It used to live for the media token
// TTL (4 h) whatever became of the session; now the same media URL is
// refused once the person signs out, or once an owner disables them, the
// moment that call returns.
func TestSessionMediaTokenDiesWithTheSession(t *testing.T) {
	v := mediaVideo(t, "private")

	t.Run("sign-out", func(t *testing.T) {
		p, _ := memberSignedIn(t, "viewer")
		cookie := cookieOf(t, p)
		mediaURL := sessionMediaURL(t, v.ID, cookie)
		mustOK(t, p.do(t, "DELETE", "/v2/session", nil))
		status, _ := fetchWithCookie(t, mediaURL, cookie)
		assert.Equal(t, http.StatusForbidden, status, "the media URL after sign-out")
	})

	t.Run("user disabled", func(t *testing.T) {
		p, email := memberSignedIn(t, "viewer")
		cookie := cookieOf(t, p)
		mediaURL := sessionMediaURL(t, v.ID, cookie)
		id, _ := userByEmail(t, ownerOf(t), email)["id"].(string)
		require.NotEmpty(t, id)
		mustOK(t, call(t, "PATCH", "/v2/users/"+id, ownerOf(t), map[string]any{"enabled": false}))
		status, _ := fetchWithCookie(t, mediaURL, cookie)
		assert.Equal(t, http.StatusForbidden, status, "the media URL after the user was disabled")
	})
}

// sessionMediaURL opens the private video's manifest with the session
// cookie, as the dashboard's player does, and returns the media URL the
// rewritten manifest hands on (its token), checking it works now: with
// the cookie, and not without it (a copied URL opens nothing).
func sessionMediaURL(t *testing.T, videoID, cookie string) string {
	t.Helper()
	status, body := fetchWithCookie(t, suiteOf(t).URL+"/media/"+videoID+"/stream/master.m3u8", cookie)
	require.Equal(t, http.StatusOK, status, body)
	found := mediaTokenIn.FindStringSubmatch(body)
	require.NotNil(t, found, "the manifest's URLs carry a media token: %s", body)
	mediaURL := suiteOf(t).URL + "/media/" + videoID + "/video.mp4?token=" + url.QueryEscape(found[1])
	status, _ = fetchWithCookie(t, mediaURL, cookie)
	require.Equal(t, http.StatusOK, status, "the session's media URL works while it is live")
	status, _ = fetchWithCookie(t, mediaURL, "")
	assert.Equal(t, http.StatusForbidden, status, "the session's media URL without its cookie")
	return mediaURL
}

// cookieOf is the session cookie p's jar holds.
func cookieOf(t *testing.T, p *person) string {
	t.Helper()
	u, err := url.Parse(suiteOf(t).URL)
	require.NoError(t, err)
	for _, c := range p.client.Jar.Cookies(u) {
		if c.Name == sessionCookie {
			return c.Value
		}
	}
	t.Fatal("no session cookie")
	return ""
}
