package main

import (
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// load is a closed loop: concurrency clients send requests back to back
// until requests are done. body, when set, makes request i's JSON body.
type load struct {
	method, url, auth string
	body              func(i int) string
	requests          int
	concurrency       int
}

type result struct {
	rps                float64
	mean, p50, p99     time.Duration
	failures           int64
	firstFailureStatus int64
}

func (r result) String() string {
	return fmt.Sprintf("%7.0f req/s  mean %6.2f ms  p50 %6.2f ms  p99 %6.2f ms", r.rps, ms(r.mean), ms(r.p50), ms(r.p99))
}

// latencies prints the latency figures alone (for sequential work).
func (r result) latencies() string {
	return fmt.Sprintf("mean %6.3f ms  p50 %6.3f ms  p99 %6.3f ms", ms(r.mean), ms(r.p50), ms(r.p99))
}

func (l load) run() result {
	transport := &http.Transport{MaxIdleConnsPerHost: l.concurrency}
	client := &http.Client{Transport: transport, Timeout: 30 * time.Second}
	defer transport.CloseIdleConnections()
	latencies := make([]time.Duration, l.requests)
	var next, failures, firstStatus atomic.Int64
	var wg sync.WaitGroup
	start := time.Now()
	for range l.concurrency {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := next.Add(1) - 1; i < int64(l.requests); i = next.Add(1) - 1 {
				began := time.Now()
				if code := l.once(client, int(i)); code != http.StatusOK {
					failures.Add(1)
					firstStatus.CompareAndSwap(0, int64(code))
				}
				latencies[i] = time.Since(began)
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	return summarize(latencies, elapsed, failures.Load(), firstStatus.Load())
}

func summarize(latencies []time.Duration, elapsed time.Duration, failures, firstStatus int64) result {
	slices.Sort(latencies)
	var total time.Duration
	for _, d := range latencies {
		total += d
	}
	return result{
		rps: float64(len(latencies)) / elapsed.Seconds(), mean: total / time.Duration(len(latencies)),
		p50: latencies[len(latencies)/2], p99: latencies[len(latencies)*99/100],
		failures: failures, firstFailureStatus: firstStatus,
	}
}

func (l load) once(client *http.Client, i int) int {
	var body io.Reader
	if l.body != nil {
		body = strings.NewReader(l.body(i))
	}
	req, _ := http.NewRequest(l.method, l.url, body)
	req.Header.Set("Authorization", l.auth)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := client.Do(req)
	if err != nil {
		return 0
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, resp.Body)
	return resp.StatusCode
}
