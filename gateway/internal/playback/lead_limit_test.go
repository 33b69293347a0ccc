package playback_test

import (
	"io"
	"net/http"
	"net/netip"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/internal/playback"
	"github.com/vidhost/vidhost/gateway/internal/playback/playbacktest"
)

// clientHeader tells the test edge which address a request comes from.
const clientHeader = "X-Test-Client"

func withTestClients(o *playback.Options) {
	o.ClientIP = func(r *http.Request) netip.Addr { return netip.MustParseAddr(r.Header.Get(clientHeader)) }
}

func postLeadFrom(t *testing.T, e *playbacktest.Edge, videoID, client string) response {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, e.URL+"/leads/"+videoID, strings.NewReader(validLead))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(clientHeader, client)
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return response{Response: resp, body: string(body)}
}

// Each client address gets DefaultLeadsPerMinute submissions at once, then
// one every six seconds; others are not affected. The clock stands still
// unless advanced, so the test does not depend on its own speed.
func TestLeadsAreLimitedPerClient(t *testing.T) {
	e := playbacktest.StartEdge(t, withTestClients)
	v := gatedVideo(t, e, "public")
	for i := range playback.DefaultLeadsPerMinute {
		assert.Equal(t, http.StatusAccepted, postLeadFrom(t, e, v.GetVideoId(), "192.0.2.1").StatusCode, "submission %d", i+1)
	}
	refused := postLeadFrom(t, e, v.GetVideoId(), "192.0.2.1")
	assert.Equal(t, http.StatusTooManyRequests, refused.StatusCode)
	assert.Equal(t, "60", refused.Header.Get("Retry-After"))
	assert.JSONEq(t, `{"success":false,"result":{},"links":{},"errors":[{"message":"too many submissions: try again in a minute","code":"lead_rate_limited"}]}`, refused.body)
	assert.Equal(t, http.StatusAccepted, postLeadFrom(t, e, v.GetVideoId(), "192.0.2.2").StatusCode, "another client")

	e.Clock.Advance(6 * time.Second)
	assert.Equal(t, http.StatusAccepted, postLeadFrom(t, e, v.GetVideoId(), "192.0.2.1").StatusCode, "refilled one")
	assert.Equal(t, http.StatusTooManyRequests, postLeadFrom(t, e, v.GetVideoId(), "192.0.2.1").StatusCode)
	assert.Len(t, e.Leads.Leads(), playback.DefaultLeadsPerMinute+2, "refused submissions reach no sink")
}

// An IPv6 host usually has a whole /64: its addresses share one budget.
func TestLeadLimitCoversAnIPv6Slash64(t *testing.T) {
	e := playbacktest.StartEdge(t, withTestClients, func(o *playback.Options) { o.LeadsPerMinute = 2 })
	v := gatedVideo(t, e, "public")
	assert.Equal(t, http.StatusAccepted, postLeadFrom(t, e, v.GetVideoId(), "2001:db8:1:2::1").StatusCode)
	assert.Equal(t, http.StatusAccepted, postLeadFrom(t, e, v.GetVideoId(), "2001:db8:1:2::ffff").StatusCode)
	assert.Equal(t, http.StatusTooManyRequests, postLeadFrom(t, e, v.GetVideoId(), "2001:db8:1:2:abcd::9").StatusCode)
	assert.Equal(t, http.StatusAccepted, postLeadFrom(t, e, v.GetVideoId(), "2001:db8:1:3::1").StatusCode, "another /64")
}
