// Command analytics measures the analytics service in the whole suite
// (deploy/devstack, in process): it publishes view events over 30 days
// (videos, domains and countries spread evenly, every viewer distinct so
// each play is a view) to analytics.views as the gateway does, times the
// service storing them all (JetStream -> COPY -> roll-ups), then measures
// report latency through the gateway, and the same reports computed from
// the raw events without roll-ups, with the ratio.
//
// -kind views publishes plays only and measures views reports; -kind
// experience publishes whole page loads (a play with its startup time,
// heartbeats with watching, stalls and renditions, errors: experience.go)
// and measures startup_time_p95 by day, filtered, against percentile_disc
// over the raw plays.
package main

import (
	"context"
	"flag"
	"fmt"
	"iter"
	"log/slog"
	"os"
	"runtime/pprof"
	"time"

	"github.com/nats-io/nats.go"

	"github.com/vidhost/vidhost/deploy/devstack/stack"
)

// shape is the generated data set.
type shape struct {
	events, videos, domains, countries, days int
	// json publishes protojson, as edges before binary protobuf did (for
	// a BASELINE service that reads only that).
	json bool
	// kind is views or experience; concurrent is how many page loads'
	// events the experience kind interleaves.
	kind           string
	concurrent     int
	interleaveDays bool
}

func main() {
	var sh shape
	flag.IntVar(&sh.events, "events", 10_000_000, "view events to ingest")
	flag.StringVar(&sh.kind, "kind", kindViews, "views (plays only) or experience (plays, heartbeats, errors)")
	flag.IntVar(&sh.concurrent, "concurrent", 20_000, "experience: page loads whose events are published interleaved")
	flag.BoolVar(&sh.interleaveDays, "interleave-days", false,
		"experience: spread the page loads over the days in turn, as the views kind does, instead of one day after the other")
	flag.IntVar(&sh.videos, "videos", 1000, "videos")
	flag.IntVar(&sh.domains, "domains", 200, "embedding domains")
	flag.IntVar(&sh.countries, "countries", 60, "countries")
	flag.IntVar(&sh.days, "days", 30, "days the views are spread over (ending today)")
	flag.BoolVar(&sh.json, "json", false, "publish protojson instead of binary protobuf, as the edge did before")
	queries := flag.Int("queries", 200, "requests per report through the gateway")
	rawQueries := flag.Int("raw-queries", 10, "runs per report on the raw events")
	ingestOnly := flag.Bool("ingest-only", false, "measure the ingest only, not the reports")
	cpuProfile := flag.String("cpuprofile", "", "write a CPU profile of the ingest (this process: publisher, NATS, services; not PostgreSQL) to this file")
	flag.Parse()
	if *ingestOnly {
		*queries = 0
	}
	if sh.kind != kindViews && sh.kind != kindExperience {
		fmt.Fprintln(os.Stderr, "bench/analytics: -kind must be views or experience")
		os.Exit(2)
	}
	if err := run(sh, *queries, *rawQueries, *cpuProfile); err != nil {
		fmt.Fprintln(os.Stderr, "bench/analytics:", err)
		os.Exit(1)
	}
}

func run(sh shape, queries, rawQueries int, cpuProfile string) error {
	varDir, err := os.MkdirTemp("", "vidhost-bench-analytics-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(varDir)
	_ = os.Chmod(varDir, 0o755) // the private PostgreSQL runs as another user
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Hour)
	defer cancel()
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelError}))
	s, err := stack.Start(ctx, stack.Config{VarDir: varDir, HTTPAddr: "127.0.0.1:0", NATSPort: -1, LogLevel: "error",
		DatabaseURL: os.Getenv("DATABASE_URL")}, logger)
	if err != nil {
		return err
	}
	defer func() { _ = s.Stop(context.Background()) }()

	var source iter.Seq2[*nats.Msg, error]
	var gen *experienceGen
	if sh.kind == kindExperience {
		if gen, err = newExperienceGen(s.Credentials.AccountID, sh); err != nil {
			return err
		}
		source = gen.messages()
		fmt.Printf("ingest: %d experience events (page loads: play, view, heartbeats, errors) over %d days "+
			"(%d videos, %d domains, %d countries, %d page loads interleaved)\n",
			sh.events, sh.days, sh.videos, sh.domains, sh.countries, sh.concurrent)
	} else {
		source = viewMessages(s.Credentials.AccountID, sh)
		fmt.Printf("ingest: %d view events over %d days (%d videos, %d domains, %d countries)\n",
			sh.events, sh.days, sh.videos, sh.domains, sh.countries)
	}
	stopProfile, err := startProfile(cpuProfile)
	if err != nil {
		return err
	}
	err = ingest(ctx, s, source, varDir)
	stopProfile()
	if err != nil {
		return err
	}
	if gen != nil {
		c := gen.counts
		fmt.Printf("  published: %d plays (%d with a startup time), %d heartbeats, %d errors (%d fatal, %d failed starts), %d view beacons\n",
			c.plays, c.startups, c.heartbeats, c.errors, c.fatal, c.failedStarts, c.events-c.plays-c.heartbeats-c.errors)
	}
	fmt.Println()
	if queries == 0 {
		return nil
	}
	if gen != nil {
		return measureExperienceReports(ctx, s, sh, gen.counts, queries, rawQueries)
	}
	return measureReports(ctx, s, sh, queries, rawQueries)
}

// The kinds of events the bench publishes.
const (
	kindViews      = "views"
	kindExperience = "experience"
)

// startProfile starts a CPU profile into path, if set; the returned
// function stops it.
func startProfile(path string) (func(), error) {
	if path == "" {
		return func() {}, nil
	}
	out, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(out); err != nil {
		_ = out.Close()
		return nil, err
	}
	return func() { pprof.StopCPUProfile(); _ = out.Close() }, nil
}
