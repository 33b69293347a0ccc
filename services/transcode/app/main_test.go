package app

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"testing"

	"github.com/vidhost/vidhost/pkg/config"
	"github.com/vidhost/vidhost/pkg/logx"
)

// workerProcessEnv makes the test binary run a transcode worker instead of
// the tests: the crash test starts one as a subprocess it can SIGKILL.
const workerProcessEnv = "VIDHOST_TRANSCODE_TEST_WORKER"

func TestMain(m *testing.M) {
	if os.Getenv(workerProcessEnv) == "1" {
		os.Exit(runWorkerProcess())
	}
	os.Exit(m.Run())
}

// runWorkerProcess is cmd/transcode, printing "ready" once it takes jobs.
func runWorkerProcess() int {
	var cfg Config
	if err := config.Load(&cfg); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	logger := logx.New(os.Stderr, "transcode-subprocess", "warn", "text")
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	err := Run(ctx, cfg, logger, Options{Ready: func(string) { fmt.Println("ready") }})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}
