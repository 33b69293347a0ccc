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
	"time"

	"github.com/vidhost/vidhost/deploy/devstack/stack"
)

func main() {
	requests := flag.Int("requests", 20000, "requests per target")
	concurrency := flag.Int("concurrency", 16, "concurrent clients")
	cpuProfile := flag.String("cpuprofile", "", "write a CPU profile of the gateway run to this file")
	flag.Parse()
	profilePath = *cpuProfile
	if err := run(*requests, *concurrency); err != nil {
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

func run(requests, concurrency int) error {
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
	gateway := load{url: warm.url, auth: auth, requests: requests, concurrency: concurrency}.run()
	stopProfile()
	baseline := load{url: baseURL + "/categories", requests: requests, concurrency: concurrency}.run()
	fmt.Printf("GET /v2/categories (25 items), %d requests, %d clients, loopback\n", requests, concurrency)
	fmt.Printf("  gateway  : %s\n  baseline : %s\n", gateway, baseline)
	fmt.Printf("  ratio gateway/baseline: throughput %.2f, p99 latency %.2f\n",
		gateway.rps/baseline.rps, float64(gateway.p99)/float64(baseline.p99))
	if gateway.failures > 0 || baseline.failures > 0 {
		return fmt.Errorf("failures: gateway %d, baseline %d", gateway.failures, baseline.failures)
	}
	return nil
}
