// Command api measures GET /v2/categories through the whole edge (bearer
// auth, grpc-gateway, gRPC to catalog, SQL, envelope) next to a minimal
// net/http handler that runs the same SQL over pgx, in the same process on
// the same database, and prints both with their ratio.
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"runtime/pprof"
	"slices"
	"time"

	"github.com/vidhost/vidhost/deploy/devstack/stack"
)

func main() {
	requests := flag.Int("requests", 20000, "requests per target")
	concurrency := flag.Int("concurrency", 16, "concurrent clients")
	rounds := flag.Int("rounds", 3, "alternating pairs (gateway, baseline) measured; medians are printed")
	cpuProfile := flag.String("cpuprofile", "", "write a CPU profile of the measured rounds (gateway and baseline) to this file")
	flag.Parse()
	profilePath = *cpuProfile
	if err := run(*requests, *concurrency, *rounds); err != nil {
		fmt.Fprintln(os.Stderr, "bench/api:", err)
		os.Exit(1)
	}
}

// profilePath, when set, receives a CPU profile of the gateway run (the
// whole suite runs in this process, so it shows where a request's time goes).
var profilePath string

func startProfile(path string) (func(), error) {
	if path == "" {
		return func() {}, nil
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		return nil, err
	}
	return func() { pprof.StopCPUProfile(); f.Close() }, nil
}

func run(requests, concurrency, rounds int) error {
	varDir, err := os.MkdirTemp("", "vidhost-bench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(varDir)
	_ = os.Chmod(varDir, 0o755)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelError}))
	s, err := stack.Start(ctx, stack.Config{VarDir: varDir, HTTPAddr: "127.0.0.1:0", NATSPort: -1, LogLevel: "error",
		DatabaseURL: os.Getenv("DATABASE_URL")}, logger)
	if err != nil {
		return err
	}
	defer func() { _ = s.Stop(context.Background()) }()
	if err := seedCategories(s.URL, s.Credentials.APIKey, 25); err != nil {
		return err
	}
	baseURL, stopBaseline, err := startBaseline(ctx, s.DatabaseURL(), s.Credentials.AccountID)
	if err != nil {
		return err
	}
	defer stopBaseline()

	auth := "Bearer " + s.Credentials.APIKey
	warm := load{url: s.URL + "/v2/categories?limit=25", auth: auth, requests: 500, concurrency: concurrency}
	warm.run()
	stopProfile, err := startProfile(profilePath)
	if err != nil {
		return err
	}
	gateway := load{url: warm.url, auth: auth, requests: requests, concurrency: concurrency}
	baseline := load{url: baseURL + "/categories", requests: requests, concurrency: concurrency}
	fmt.Printf("GET /v2/categories (25 items), %d requests, %d clients, loopback, %d alternating pairs\n", requests, concurrency, rounds)
	var pairs []pair
	for i := range max(rounds, 1) {
		var p pair
		if i%2 == 0 {
			p.gateway, p.baseline = gateway.run(), baseline.run()
		} else {
			p.baseline, p.gateway = baseline.run(), gateway.run()
		}
		fmt.Printf("  round %d: gateway %s | baseline %s | ratio %.2f\n", i+1, p.gateway, p.baseline, p.gateway.rps/p.baseline.rps)
		pairs = append(pairs, p)
	}
	stopProfile()
	return report(pairs)
}

// pair is one gateway run and the baseline run next to it.
type pair struct{ gateway, baseline result }

// report prints the medians of the pairs and fails when any request did.
func report(pairs []pair) error {
	med := func(f func(pair) float64) float64 {
		values := make([]float64, len(pairs))
		for i, p := range pairs {
			values[i] = f(p)
		}
		slices.Sort(values)
		if n := len(values); n%2 == 0 {
			return (values[n/2-1] + values[n/2]) / 2
		}
		return values[len(values)/2]
	}
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	fmt.Printf("  median gateway : %8.0f req/s  p99 %6.2f ms\n", med(func(p pair) float64 { return p.gateway.rps }), med(func(p pair) float64 { return ms(p.gateway.p99) }))
	fmt.Printf("  median baseline: %8.0f req/s  p99 %6.2f ms\n", med(func(p pair) float64 { return p.baseline.rps }), med(func(p pair) float64 { return ms(p.baseline.p99) }))
	fmt.Printf("  ratio gateway/baseline (median of pairs): throughput %.2f, p99 latency %.2f\n",
		med(func(p pair) float64 { return p.gateway.rps / p.baseline.rps }),
		med(func(p pair) float64 { return float64(p.gateway.p99) / float64(p.baseline.p99) }))
	for _, p := range pairs {
		if p.gateway.failures > 0 || p.baseline.failures > 0 {
			return fmt.Errorf("failures: gateway %d, baseline %d", p.gateway.failures, p.baseline.failures)
		}
	}
	return nil
}
