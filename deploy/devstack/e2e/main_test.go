package e2e

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"testing"
	"time"

	"github.com/vidhost/vidhost/deploy/devstack/stack"
	"github.com/vidhost/vidhost/gateway/web/browsertest"
	"github.com/vidhost/vidhost/pkg/dnstest"
)

// suite is the devstack shared by the tests of the package that start none
// of their own; helpers reach it, or a test's own, through suiteOf(t).
var suite *stack.Stack

// dnsServer is the DNS server identity asks for domain verification records.
var dnsServer *dnstest.Server

func TestMain(m *testing.M) {
	os.Exit(runSuite(m))
}

func runSuite(m *testing.M) int {
	varDir, err := os.MkdirTemp("", "vidhost-e2e-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(varDir)
	// The gateways trust one proxy, 127.0.0.2, which only the country test
	// dials from (forwardedClient): every other request comes from
	// 127.0.0.1, whose X-Forwarded-For is still ignored.
	// A live event ends 2 s after its publisher leaves, not a minute.
	if err := os.Setenv("VIDHOST_LIVE_RECONNECT_WINDOW", "2s"); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	// Experience alerts judge the hour under way every second
	// (docs/analytics.md, "Alerts"), so a bad hour's webhook comes in
	// seconds rather than after the hour.
	for name, value := range map[string]string{"VIDHOST_ANALYTICS_ALERT_INTERVAL": "1s", "VIDHOST_ANALYTICS_ALERT_OPEN_HOUR": "true"} {
		if err := os.Setenv(name, value); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
	}
	if err := os.Setenv("VIDHOST_TRUSTED_PROXIES", trustedProxy); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	// Identity verifies SSO domains through the suite's own DNS server,
	// where tests publish the TXT records (verifyDomain).
	if dnsServer, err = dnstest.Start(); err != nil {
		fmt.Fprintln(os.Stderr, "start DNS server:", err)
		return 1
	}
	defer func() { _ = dnsServer.Close() }()
	if err := os.Setenv("VIDHOST_DNS_RESOLVER", dnsServer.Addr); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	installReplay() // every call to a suite is checked against the OpenAPI document after the tests
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	suite, err = startSuite(ctx, varDir, 0) // API tests: a worker would move videos on under them
	if err != nil {
		fmt.Fprintln(os.Stderr, "start devstack:", err)
		return 1
	}
	code := m.Run()
	browsertest.CloseBrowser() // started by the first browser test, if any ran
	// Every call the tests made matches gateway/openapi/vidhost.openapi.json.
	if !checkReplay(context.Background()) {
		code = 1
	}
	stopCtx, stopCancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer stopCancel()
	if err := suite.Stop(stopCtx); err != nil {
		fmt.Fprintln(os.Stderr, "stop devstack:", err)
		return 1
	}
	return code
}

// startSuite starts the whole suite on free ports with its data in varDir
// and the given number of transcode workers, with tune's changes to its
// configuration, if any.
func startSuite(ctx context.Context, varDir string, workers int, tune ...func(*stack.Config)) (*stack.Stack, error) {
	_ = os.Chmod(varDir, 0o755) // the private PostgreSQL runs as the postgres user
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	cfg := stack.Config{VarDir: varDir, HTTPAddr: "127.0.0.1:0", LiveRTMPAddr: "127.0.0.1:0", LiveSRTAddr: "127.0.0.1:0", LiveHTTPAddr: "127.0.0.1:0", LiveWHIPAddr: "127.0.0.1:0", LiveWHIPUDPAddr: "127.0.0.1:0", NATSPort: -1, LogLevel: "warn",
		DatabaseURL: os.Getenv("DATABASE_URL"), TranscodeWorkers: workers}
	for _, change := range tune {
		change(&cfg)
	}
	s, err := stack.Start(ctx, cfg, logger)
	if err != nil {
		return nil, err
	}
	return s, recordSuite(s.URL)
}
