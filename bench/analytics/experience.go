package main

import (
	"encoding/base64"
	"fmt"
	"iter"
	"math"
	"math/rand/v2"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/vidhost/vidhost/gateway/benchseam"
)

// The experience kind (-kind experience) publishes what players send for
// whole page loads (docs/analytics.md, "Viewer experience"), turned into
// events by the edge's own code (benchseam.ViewMessage): a play with its
// startup time, the view beacon 5 s in, a heartbeat every 10 s of
// watching with stalls and renditions, and a few errors. Views overlap, as
// on a busy platform: the events of -concurrent page loads are published
// interleaved, heartbeat round by heartbeat round, so a batch of the
// service holds events of thousands of views, not the whole of a few.

// The mix, per page load (docs/analytics.md, "Performance"):
const (
	failedStartPercent = 1.5 // a fatal error before the first frame, and nothing else
	recoveredPercent   = 3   // of started views: a network error playback recovered from
	fatalPercent       = 1   // of started views: a fatal error that ends the watching
	noStartupPercent   = 2   // plays whose startup time the player did not measure
	stallPercent       = 7   // heartbeats with stalls (mobile: half as many again)
	switchPercent      = 5   // heartbeats that switched rendition
	seekPercent        = 3   // heartbeats that waited after a seek
	maxHeartbeats      = 12  // 1 to 12 heartbeats a view: 10 s to 2 min watched, 6.5 on average
)

// userAgents are the bench's viewers' browsers with their shares (percent);
// the edge's parser (benchseam.ClientOf) names their browser, system and
// device.
var userAgents = []struct {
	share int
	ua    string
}{
	{27, "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"},
	{20, "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36"},
	{15, "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"},
	{8, "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15"},
	{6, "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0"},
	{5, "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0"},
	{4, "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"},
	{4, "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36"},
	{4, "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"},
	{2, "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0"},
	{2, "Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"},
	{1, "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"},
	{1, "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0"},
	{1, "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"},
}

// countries are the ISO codes the viewers' addresses map to, spread evenly
// over the first -countries of them.
var countries = []string{
	"US", "GB", "DE", "FR", "IN", "BR", "CA", "JP", "ES", "IT", "NL", "PL", "SE", "MX", "AU", "KR", "TR", "ID", "AR", "CO",
	"ZA", "NG", "EG", "PH", "VN", "TH", "MY", "SG", "BE", "CH", "AT", "DK", "NO", "FI", "IE", "PT", "CZ", "RO", "HU", "GR",
	"UA", "IL", "SA", "AE", "PK", "BD", "CL", "PE", "NZ", "KE", "MA", "DZ", "TW", "HK", "KZ", "SK", "BG", "HR", "RS", "LT",
}

// step is one beacon a page load sends.
type step uint8

const (
	stepPlay step = iota
	stepView
	stepHeartbeat
	stepRecovered   // a non-fatal error
	stepFatal       // a fatal error after the first frame
	stepFailedStart // a fatal error before it
)

// pageLoad is one view being generated: its ticket, client and the beacons
// it sends, in order.
type pageLoad struct {
	ticket    benchseam.Ticket
	viewerID  string
	client    benchseam.Client
	country   string
	start     time.Time // the first frame
	steps     []step
	height    int     // the rendition playing
	watched   float64 // ms so far
	heartbeat int     // heartbeats sent so far
}

// experienceCounts is what the bench published, to check the store against.
type experienceCounts struct {
	events, plays, startups, heartbeats, errors, failedStarts, fatal int
}

// experienceGen generates the experience events.
type experienceGen struct {
	accountID string
	sh        shape
	today     time.Time
	rng       *rand.Rand
	clients   []benchseam.Client
	shares    []int // cumulative, per client
	counts    experienceCounts
}

func newExperienceGen(accountID string, sh shape) (*experienceGen, error) {
	g := &experienceGen{accountID: accountID, sh: sh, today: time.Now().UTC().Truncate(24 * time.Hour),
		rng: rand.New(rand.NewPCG(20261201, uint64(sh.events)))} //nolint:gosec // G404: synthetic data, reproducible on purpose
	total := 0
	for _, u := range userAgents {
		total += u.share
		g.clients, g.shares = append(g.clients, benchseam.ClientOf(u.ua)), append(g.shares, total)
	}
	if total != 100 {
		return nil, fmt.Errorf("user agent shares add up to %d%%, not 100%%", total)
	}
	if sh.countries > len(countries) {
		return nil, fmt.Errorf("-countries at most %d", len(countries))
	}
	return g, nil
}

// messages are sh.events messages, then it stops (a last, partial round
// of page loads is cut short).
func (g *experienceGen) messages() iter.Seq2[*nats.Msg, error] {
	return func(yield func(*nats.Msg, error) bool) {
		for view := 0; ; view += g.sh.concurrent {
			wave := make([]pageLoad, g.sh.concurrent)
			for i := range wave {
				wave[i] = g.pageLoad(g.daysAgo(view + i))
			}
			for round := 0; round < maxHeartbeats+4; round++ {
				for i := range wave {
					if round >= len(wave[i].steps) {
						continue
					}
					msg, err := g.message(&wave[i], wave[i].steps[round])
					if !yield(msg, err) || err != nil {
						return
					}
					if g.counts.events++; g.counts.events == g.sh.events {
						return
					}
				}
			}
		}
	}
}

// daysAgo is the day of view number n: as live traffic comes, one day
// after the other (the oldest first, each wave of page loads on the day
// the events published so far reached), or with -interleave-days the
// days in turn, view by view, as the views kind spreads its plays.
func (g *experienceGen) daysAgo(n int) int {
	if g.sh.interleaveDays {
		return n % g.sh.days
	}
	return g.sh.days - 1 - min(g.sh.days-1, g.counts.events*g.sh.days/g.sh.events)
}

// pageLoad plans a view daysAgo days before today.
func (g *experienceGen) pageLoad(daysAgo int) pageLoad {
	rng := g.rng
	video := fmt.Sprintf("video%016d", rng.IntN(g.sh.videos))
	p := pageLoad{
		ticket: benchseam.Ticket{ID: g.token(), AccountID: g.accountID, VideoID: video,
			Origin: fmt.Sprintf("https://www.site%03d.example", rng.IntN(g.sh.domains))},
		viewerID: g.uuid(),
		client:   g.clients[g.pick()],
		country:  countries[rng.IntN(g.sh.countries)],
		// Spread over the day, ending before midnight.
		start: g.today.AddDate(0, 0, -daysAgo).Add(time.Duration(rng.IntN(86_400-3_600)) * time.Second),
	}
	p.height = 1080
	if p.client.Device != "desktop" || rng.IntN(10) < 3 {
		p.height = 720
	}
	if percent(rng, failedStartPercent) {
		p.steps = []step{stepFailedStart}
		return p
	}
	beats := 1 + rng.IntN(maxHeartbeats)
	p.steps = append(make([]step, 0, beats+4), stepPlay)
	if beats > 1 {
		p.steps = append(p.steps, stepView) // 5 s watched
	}
	recoveredAt := -1
	if percent(rng, recoveredPercent) {
		recoveredAt = rng.IntN(beats)
	}
	for i := range beats {
		p.steps = append(p.steps, stepHeartbeat)
		if i == recoveredAt {
			p.steps = append(p.steps, stepRecovered)
		}
	}
	if percent(rng, fatalPercent) {
		p.steps = append(p.steps, stepFatal)
	}
	return p
}

// message is p's beacon s, as the edge publishes it.
func (g *experienceGen) message(p *pageLoad, s step) (*nats.Msg, error) {
	b := benchseam.Beacon{VideoID: p.ticket.VideoID, ViewerID: p.viewerID, Position: p.watched / 1000}
	at := p.start.Add(time.Duration(p.watched) * time.Millisecond)
	switch s {
	case stepPlay:
		b.Event = "play"
		g.counts.plays++
		if !percent(g.rng, noStartupPercent) {
			startup := g.startup(p.client.Device)
			b.StartupMS = &startup
			if startup <= 120_000 { // the edge drops longer ones (benchseam.ViewMessage)
				g.counts.startups++
			}
		}
	case stepView:
		b.Event = "view"
		at = p.start.Add(5 * time.Second)
	case stepHeartbeat:
		b.Event, b.Experience = "heartbeat", g.heartbeat(p)
		at = p.start.Add(time.Duration(p.watched) * time.Millisecond)
		g.counts.heartbeats++
	default:
		b.Event, b.ErrorClass = "error", "network"
		b.Fatal, b.BeforePlay = s != stepRecovered, s == stepFailedStart
		if b.Fatal {
			b.ErrorClass = []string{"network", "network", "manifest", "drm", "decode"}[g.rng.IntN(5)]
			g.counts.fatal++
		}
		if b.BeforePlay {
			g.counts.failedStarts++
		}
		g.counts.errors++
		at = at.Add(time.Second)
	}
	return benchseam.ViewMessage(b, p.ticket, p.country, p.client, at)
}

// heartbeat is p's next heartbeat: 10 s of watching (the last one less),
// sometimes with stalls, a rendition switch or a seek.
func (g *experienceGen) heartbeat(p *pageLoad) benchseam.Experience {
	rng := g.rng
	p.heartbeat++
	watched := float64(9_900 + rng.IntN(300)) // the player's timer, give or take
	if p.heartbeat == maxHeartbeats || rng.IntN(maxHeartbeats) == 0 {
		watched = float64(500 + rng.IntN(9_500)) // the page hidden mid-interval
	}
	x := benchseam.Experience{WatchedMS: watched}
	stallShare := stallPercent
	if p.client.Device != "desktop" {
		stallShare += stallPercent / 2
	}
	if percent(rng, float64(stallShare)) {
		x.Stalls = float64(1 + rng.IntN(2))
		x.StallMS = math.Min(watched, float64(200+rng.IntN(3_000)))
	}
	if percent(rng, seekPercent) {
		x.SeekWaitMS = float64(100 + rng.IntN(1_500))
	}
	current := benchseam.RenditionFigure{Height: float64(p.height), WatchedMS: watched, Stalls: x.Stalls, StallMS: x.StallMS}
	x.Renditions = []benchseam.RenditionFigure{current}
	if percent(rng, switchPercent) {
		// Down after a stall, else up; the second part at the new height.
		next := 1080
		if x.Stalls > 0 {
			next = 480
		}
		if next == p.height {
			next = 720
		}
		first := math.Round(watched / 2)
		x.Renditions[0].WatchedMS = first
		x.Renditions[0].StallMS = math.Min(first, x.StallMS)
		x.Renditions = append(x.Renditions, benchseam.RenditionFigure{Height: float64(next), WatchedMS: watched - first})
		x.Switches, p.height = 1, next
	}
	p.watched += watched
	return x
}

// startup is a startup time in ms: log-normal, a median of 0.8 s on a
// desktop and 1.3 s elsewhere, a long tail (a few past the edge's two
// minutes, which it drops).
func (g *experienceGen) startup(device string) float64 {
	median := 800.0
	if device != "desktop" {
		median = 1_300
	}
	return math.Round(median * math.Exp(0.8*g.rng.NormFloat64()))
}

// pick draws a client by its share.
func (g *experienceGen) pick() int {
	n := g.rng.IntN(100)
	for i, s := range g.shares {
		if n < s {
			return i
		}
	}
	return len(g.shares) - 1
}

// token is a view ticket id: 128 random bits, base64url, as viewticket's.
func (g *experienceGen) token() string {
	var b [16]byte
	for i := range b {
		b[i] = byte(g.rng.Uint32())
	}
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// uuid is a random (version 4) UUID, as the player keeps in localStorage.
func (g *experienceGen) uuid() string {
	hi, lo := g.rng.Uint64(), g.rng.Uint64()
	return fmt.Sprintf("%08x-%04x-4%03x-%04x-%012x", hi>>32, (hi>>16)&0xffff, hi&0xfff, 0x8000|(lo>>48)&0x3fff, lo&0xffffffffffff)
}

func percent(rng *rand.Rand, p float64) bool { return rng.Float64()*100 < p }
