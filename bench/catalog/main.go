// Command catalog measures the catalog's video endpoints on a large
// account: it starts the whole suite in process (deploy/devstack), seeds
// 100k videos for the owner's account straight into the catalog's table
// with COPY, then measures through the gateway
//
//   - POST /v2/videos (a create: video row, video.created and transcode.jobs
//     outbox rows, one transaction),
//   - GET /v2/videos?limit=25, the first page, and with a tag filter and a
//     name search,
//
// and, on a scratch copy of the catalog's schema, the cost of the outbox
// per create: the create transaction with and without its two outbox rows.
// Figures are printed with their ratios.
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"time"

	"github.com/vidhost/vidhost/deploy/devstack/stack"
)

func main() {
	videos := flag.Int("videos", 100_000, "videos to seed")
	posts := flag.Int("posts", 2000, "POST /v2/videos requests")
	gets := flag.Int("gets", 5000, "GET /v2/videos requests")
	txs := flag.Int("txs", 2000, "transactions per outbox variant")
	concurrency := flag.Int("concurrency", 16, "concurrent clients")
	flag.Parse()
	if err := run(*videos, *posts, *gets, *txs, *concurrency); err != nil {
		fmt.Fprintln(os.Stderr, "bench/catalog:", err)
		os.Exit(1)
	}
}

func run(videos, posts, gets, txs, concurrency int) error {
	varDir, err := os.MkdirTemp("", "vidhost-bench-catalog-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(varDir)
	_ = os.Chmod(varDir, 0o755) // the private PostgreSQL runs as another user
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Minute)
	defer cancel()
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelError}))
	s, err := stack.Start(ctx, stack.Config{VarDir: varDir, HTTPAddr: "127.0.0.1:0", NATSPort: -1, LogLevel: "error",
		DatabaseURL: os.Getenv("DATABASE_URL")}, logger)
	if err != nil {
		return err
	}
	defer func() { _ = s.Stop(context.Background()) }()

	began := time.Now()
	if err := seed(ctx, s.DatabaseURL(), s.Credentials.AccountID, videos); err != nil {
		return err
	}
	fmt.Printf("seeded %d videos for one account with COPY in %s\n\n", videos, time.Since(began).Round(time.Millisecond))

	api := endpoints{base: s.URL + "/v2", auth: "Bearer " + s.Credentials.APIKey, concurrency: concurrency}
	created, err := api.measure(posts, gets)
	if err != nil {
		return err
	}
	withOutbox, without, err := measureOutbox(ctx, s.DatabaseURL(), txs)
	if err != nil {
		return err
	}
	perCreate := withOutbox.mean - without.mean
	fmt.Printf("\ncreate transaction on PostgreSQL, %d sequential transactions each (scratch schema, no relay)\n", txs)
	fmt.Printf("  without outbox : %s\n  with outbox    : %s\n", without.latencies(), withOutbox.latencies())
	fmt.Printf("  ratio with/without: mean %.2f, p99 %.2f; outbox per create %.3f ms = %.1f%% of POST /v2/videos p50\n",
		float64(withOutbox.mean)/float64(without.mean), float64(withOutbox.p99)/float64(without.p99),
		ms(perCreate), 100*float64(perCreate)/float64(created.p50))
	return nil
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
