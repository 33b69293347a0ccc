package main

import (
	"fmt"
	"net/http"
)

// endpoints measures the video endpoints through the gateway.
type endpoints struct {
	base, auth  string
	concurrency int
}

// measure runs every case and prints it; it returns the POST's result.
func (e endpoints) measure(posts, gets int) (result, error) {
	create := func(i int) string {
		// Port 9 (discard) refuses at once, so a transcode worker, if one
		// runs, fails fast instead of loading the machine.
		return fmt.Sprintf(`{"name": "Bench %d", "input": "http://127.0.0.1:9/bench-%d.mp4", "tags": ["bench"]}`, i, i)
	}
	cases := []struct {
		label    string
		method   string
		path     string
		body     func(int) string
		requests int
	}{
		{"GET  /v2/videos?limit=25          ", http.MethodGet, "/videos?limit=25", nil, gets},
		{"GET  /v2/videos?tag=t7&limit=25   ", http.MethodGet, "/videos?tag=t7&limit=25", nil, gets / 5},
		{"GET  /v2/videos?search=video 4242 ", http.MethodGet, "/videos?search=video%204242&limit=25", nil, gets / 5},
		{"POST /v2/videos                   ", http.MethodPost, "/videos", create, posts},
	}
	fmt.Printf("through the gateway (auth, grpc-gateway, gRPC, catalog, PostgreSQL), %d clients, loopback\n", e.concurrency)
	var created result
	for _, c := range cases {
		warm := load{method: c.method, url: e.base + c.path, auth: e.auth, body: c.body, requests: 50, concurrency: e.concurrency}
		if c.method == http.MethodGet {
			warm.run()
		}
		l := warm
		l.requests = c.requests
		r := l.run()
		fmt.Printf("  %s %d req: %s\n", c.label, c.requests, r)
		if r.failures > 0 {
			return r, fmt.Errorf("%s: %d failures (first status %d)", c.label, r.failures, r.firstFailureStatus)
		}
		if c.method == http.MethodPost {
			created = r
		}
	}
	return created, nil
}
