package app_test

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/app"
	"github.com/vidhost/vidhost/pkg/ids"
)

func getPage(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	require.NoError(t, err)
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp.StatusCode, string(body)
}

// The playback edge is mounted when there is a media store. The fake catalog
// here has no GetVideoForPlayback, which the edge reports as unavailable
// (its own tests, in internal/playback, cover the rest).
func TestPlaybackEdgeIsMounted(t *testing.T) {
	b := setup(t, func(c *app.Config) { c.Blob.Dir = t.TempDir() })
	status, body := getPage(t, b.url+"/embed/"+ids.New())
	assert.Equal(t, http.StatusServiceUnavailable, status)
	assert.Contains(t, body, "This video cannot be shown right now")
	status, _ = getPage(t, b.url+"/media/"+ids.New()+"/stream/master.m3u8")
	assert.Equal(t, http.StatusServiceUnavailable, status)
	status, _ = getPage(t, b.url+"/static/nope.js")
	assert.Equal(t, http.StatusNotFound, status)
	resp, err := http.Post(b.url+"/collect", "application/json", strings.NewReader(`{}`))
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusBadRequest, resp.StatusCode, "mounted: an empty beacon is refused")
}

func TestPlaybackEdgeNeedsAMediaStore(t *testing.T) {
	b := setup(t)
	status, body := getPage(t, b.url+"/embed/"+ids.New())
	assert.Equal(t, http.StatusNotFound, status)
	assert.JSONEq(t, `{"success":false,"result":{},"links":{},"errors":[{"message":"Not found","code":"not_found"}]}`, body)
}
