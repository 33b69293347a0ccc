package drill

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/url"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

// gateways is the load client's front door: an http.RoundTripper that
// spreads requests over the gateways as a load balancer with health checks
// would. A gateway that refuses connections or fails /readyz is taken out
// until /readyz answers again; a request refused at connect time (it never
// reached a gateway) goes to the next one. Every other outcome is recorded
// against the gateway that had the request, so a failure is attributed.
type gateways struct {
	urls  []*url.URL
	ready []string
	down  []atomic.Bool
	next  atomic.Uint64
	base  http.RoundTripper
	log   *requestLog
	stop  chan struct{}
	wg    sync.WaitGroup
}

func newGateways(urls, ready []string, log *requestLog) (*gateways, error) {
	g := &gateways{ready: ready, down: make([]atomic.Bool, len(urls)), log: log, stop: make(chan struct{}),
		base: &http.Transport{MaxIdleConnsPerHost: 16, IdleConnTimeout: 30 * time.Second}}
	for _, raw := range urls {
		u, err := url.Parse(raw)
		if err != nil {
			return nil, err
		}
		g.urls = append(g.urls, u)
	}
	for i := range g.urls {
		g.wg.Add(1)
		go g.healthCheck(i)
	}
	return g, nil
}

func (g *gateways) close() {
	close(g.stop)
	g.wg.Wait()
}

// healthCheck polls gateway i's /readyz every 100 ms, as a load balancer's
// health check does, and puts it back once it answers.
func (g *gateways) healthCheck(i int) {
	defer g.wg.Done()
	client := &http.Client{Timeout: time.Second}
	for {
		select {
		case <-g.stop:
			return
		case <-time.After(100 * time.Millisecond):
		}
		ok, _ := answers200(context.Background(), client, g.ready[i])
		g.down[i].Store(!ok)
	}
}

// RoundTrip sends req to the next gateway in service.
func (g *gateways) RoundTrip(req *http.Request) (*http.Response, error) {
	start := g.next.Add(1)
	var lastErr error
	for attempt := range 2 * len(g.urls) {
		i := int((start + uint64(attempt)) % uint64(len(g.urls))) //nolint:gosec // G115: less than len(g.urls)
		if g.down[i].Load() && attempt < len(g.urls) {
			continue // try the ones in service first
		}
		out := req.Clone(req.Context())
		out.URL.Scheme, out.URL.Host, out.Host = g.urls[i].Scheme, g.urls[i].Host, ""
		if req.GetBody != nil {
			// A refused attempt may have read the body: each gets it whole.
			body, err := req.GetBody()
			if err != nil {
				return nil, err
			}
			out.Body = body
		}
		began := time.Now()
		resp, err := g.base.RoundTrip(out)
		if err != nil && refused(err) {
			g.down[i].Store(true) // never reached it: safe to send elsewhere
			lastErr = err
			continue
		}
		if err != nil && req.Context().Err() != nil {
			return resp, err // the drill stopped the load: not the cluster's failure
		}
		g.log.record(i, req.Method, req.URL.Path, began, resp, err)
		if err != nil {
			g.down[i].Store(true)
		}
		return resp, err
	}
	if lastErr == nil {
		lastErr = errors.New("no gateway in service")
	}
	g.log.record(-1, req.Method, req.URL.Path, time.Now(), nil, lastErr)
	return nil, lastErr
}

// refused is a connection the gateway's machine refused: the request was
// never sent.
func refused(err error) bool {
	var opErr *net.OpError
	return errors.Is(err, syscall.ECONNREFUSED) || (errors.As(err, &opErr) && opErr.Op == "dial")
}
