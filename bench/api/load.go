package main

import (
	"fmt"
	"io"
	"net/http"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// load is a closed-loop load: concurrency clients send requests back to back
// until the fixed number of requests is done.
type load struct {
	url, auth   string
	requests    int
	concurrency int
}

type result struct {
	rps           float64
	p50, p99      time.Duration
	failures      int64
	totalDuration time.Duration
}

func (r result) String() string {
	return fmt.Sprintf("%8.0f req/s  p50 %6.2f ms  p99 %6.2f ms", r.rps,
		float64(r.p50.Microseconds())/1000, float64(r.p99.Microseconds())/1000)
}

func (l load) run() result {
	transport := &http.Transport{MaxIdleConnsPerHost: l.concurrency}
	client := &http.Client{Transport: transport, Timeout: 10 * time.Second}
	defer transport.CloseIdleConnections()
	latencies := make([]time.Duration, l.requests)
	var next, failures atomic.Int64
	var wg sync.WaitGroup
	start := time.Now()
	for range l.concurrency {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := next.Add(1) - 1; i < int64(l.requests); i = next.Add(1) - 1 {
				began := time.Now()
				if !l.once(client) {
					failures.Add(1)
				}
				latencies[i] = time.Since(began)
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	slices.Sort(latencies)
	return result{
		rps: float64(l.requests) / elapsed.Seconds(), failures: failures.Load(), totalDuration: elapsed,
		p50: latencies[len(latencies)/2], p99: latencies[len(latencies)*99/100],
	}
}

func (l load) once(client *http.Client) bool {
	req, _ := http.NewRequest(http.MethodGet, l.url, nil)
	if l.auth != "" {
		req.Header.Set("Authorization", l.auth)
	}
	resp, err := client.Do(req)
	if err != nil {
		return false
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, resp.Body)
	return resp.StatusCode == http.StatusOK
}
