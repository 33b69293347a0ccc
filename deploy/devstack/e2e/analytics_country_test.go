package e2e

import (
	"encoding/json"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// trustedProxy is the one address the suite's gateways take X-Forwarded-For
// from (set in runSuite).
const trustedProxy = "127.0.0.2"

// forwardedClient dials the gateway from trustedProxy, as a reverse proxy in
// front of it would.
func forwardedClient() *http.Client {
	dialer := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(trustedProxy)}, Timeout: 5 * time.Second}
	return &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{DialContext: dialer.DialContext}}
}

// Beacons of viewers at two public addresses, forwarded by the trusted
// proxy, are counted by country through the real DB-IP database the
// devstack reads (make geoip). About 1 s.
func TestCountryReportResolvesThroughTheRealDatabase(t *testing.T) {
	v := createVideo(t, map[string]any{"name": "Countries", "privacy": "public"})
	client := forwardedClient()
	for i, address := range []string{"8.8.8.8", "193.0.6.139"} {
		raw, err := json.Marshal(map[string]any{"event": "play", "video_id": v.ID, "position": 0,
			"viewer_id": "5d1f0c2e-7a4b-4c1e-9e0f-00000000000" + string(rune('1'+i)), "ticket": viewTicket(t, v.ID, "https://shop.example", "")})
		require.NoError(t, err)
		req, err := http.NewRequest(http.MethodPost, suiteOf(t).URL+"/collect", strings.NewReader(string(raw)))
		require.NoError(t, err)
		req.Header.Set("Content-Type", "text/plain;charset=UTF-8")
		req.Header.Set("User-Agent", chromeUA)
		req.Header.Set("X-Forwarded-For", address)
		resp, err := client.Do(req)
		require.NoError(t, err)
		_ = resp.Body.Close()
		require.Equal(t, http.StatusNoContent, resp.StatusCode)
	}
	want := map[string]float64{"US": 1, "NL": 1}
	waitForViews(t, want, "country", v.ID, "views by country: 8.8.8.8 is in the US, 193.0.6.139 (RIPE NCC) in NL")
}
