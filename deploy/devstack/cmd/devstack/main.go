// Command devstack starts the whole Vidhost suite on this machine and keeps
// it running until Ctrl-C. Run it with `make run`.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/vidhost/vidhost/deploy/devstack/stack"
	"github.com/vidhost/vidhost/pkg/command"
	"github.com/vidhost/vidhost/pkg/config"
	"github.com/vidhost/vidhost/pkg/logx"
	"github.com/vidhost/vidhost/pkg/telemetry"
)

func main() {
	var cfg stack.Config
	if done, code := command.Flags("devstack", "the whole suite on this machine, until Ctrl-C (make run)",
		&cfg, os.Args[1:], os.Stdout, os.Stderr); done {
		os.Exit(code)
	}
	if err := run(cfg); err != nil {
		fmt.Fprintln(os.Stderr, "devstack:", err)
		os.Exit(1)
	}
}

func run(cfg stack.Config) error {
	if err := config.Load(&cfg); err != nil {
		return err
	}
	logger := logx.New(os.Stderr, "devstack", cfg.LogLevel, "text")
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	// Spans go to OTEL_EXPORTER_OTLP_ENDPOINT when it is set (pkg/telemetry).
	flush, err := telemetry.Setup(ctx, "devstack")
	if err != nil {
		return err
	}
	defer flush(context.WithoutCancel(ctx)) //nolint:errcheck // the last spans, best effort at exit
	started := time.Now()
	s, err := stack.Start(ctx, cfg, logger)
	if err != nil {
		return err
	}
	envPath, err := s.WriteEnvFile()
	if err != nil {
		return err
	}
	printWelcome(s, envPath, time.Since(started))
	select {
	case <-ctx.Done():
	case err = <-s.Failed():
		logger.Error("a service stopped", "error", err)
	}
	fmt.Fprintln(os.Stderr, "stopping...")
	stopCtx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if stopErr := s.Stop(stopCtx); stopErr != nil {
		return stopErr
	}
	return err
}

// printWelcome says where the suite is and where its credentials are, never
// the credentials themselves: terminals are scrolled back, recorded and
// piped into logs that others can read.
func printWelcome(s *stack.Stack, envPath string, took time.Duration) {
	fmt.Printf("\nVidhost is running at %s (started in %s)\n\n", s.URL, took.Round(time.Millisecond))
	if s.Credentials.Fresh {
		fmt.Println("First start: an owner account and an API key were created.")
	}
	fmt.Printf("  dashboard:   %s/ (sign in as the owner below)\n", s.URL)
	fmt.Printf("  owner:       %s (password: VIDHOST_OWNER_PASSWORD in the credentials file)\n  credentials: %s (mode 0600)\n", s.Credentials.OwnerEmail, envPath)
	fmt.Printf("  API:         %s/docs/api (reference), %s/v2/openapi.json (OpenAPI 3.1)\n", s.URL, s.URL)
	fmt.Printf("  mail inbox:  %s (Mailpit: every mail the suite sends)\n", s.MailpitURL())
	fmt.Printf("  metrics:     %s (also /debug/pprof/, /livez, /readyz; docs/observability.md)\n\n", strings.Join(s.MetricsURLs(), " "))
	if s.TranscribesOff != nil {
		fmt.Printf("Transcribes are off (%v): run `make deps-run` and start again to turn them on.\n\n", s.TranscribesOff)
	}
	fmt.Printf("Try it:\n  source %s\n  curl -s -H \"Authorization: Bearer $VIDHOST_API_KEY\" \"$VIDHOST_URL/v2/categories\"\n\nPress Ctrl-C to stop.\n", envPath)
}
