package stack

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"time"

	"github.com/vidhost/vidhost/pkg/admin"
	"github.com/vidhost/vidhost/pkg/lifecycle"
	"github.com/vidhost/vidhost/pkg/logx"
	"github.com/vidhost/vidhost/pkg/mailpit"
)

// Stack is a running suite.
type Stack struct {
	// URL is the gateway's base URL, e.g. http://127.0.0.1:8080.
	URL string
	// Credentials to use the suite; see Credentials.
	Credentials Credentials
	// IdentityAddr is identity's gRPC address, for the operator's command
	// (bin/vidhost admin, docs/operator.md).
	IdentityAddr string
	// LiveRTMPURL is the RTMP ingest base publishers are given,
	// rtmp://<host>:<port>/live (an event's input adds its stream key).
	LiveRTMPURL string
	// LiveSRTURL is the SRT ingest base, srt://<host>:<port> (the stream
	// key goes in the streamid); empty when SRT is off or not built in.
	LiveSRTURL string
	// TranscribesOff says why the devstack's transcode workers cannot
	// transcribe (catalog then refuses transcribes); nil when they can.
	TranscribesOff error

	cfg     Config
	prod    *Production // nil for the devstack
	varDir  string
	logger  *slog.Logger
	stack   *lifecycle.Stack
	secret  string
	failed  chan error
	db      databaseURLs
	natsURL string
	// liveWHIPURL is the live service's WHIP listener, for the gateway;
	// empty when WHIP is off.
	liveWHIPURL string
	mailpit     *mailpit.Server
	admin       *admin.Server
	checks      *admin.Checks
	// transcoders are the transcode workers this process runs, by number.
	transcoders []transcoder
}

// Start brings the suite up and returns once the gateway answers its health
// check. Stop it with Stop; Failed reports a service that died meanwhile.
func Start(ctx context.Context, cfg Config, logger *slog.Logger) (*Stack, error) {
	return start(ctx, cfg, nil, logger)
}

func start(ctx context.Context, cfg Config, prod *Production, logger *slog.Logger) (*Stack, error) {
	s := &Stack{cfg: cfg, prod: prod, logger: logger, stack: lifecycle.New(logger), failed: make(chan error, 8)}
	if err := s.start(ctx); err != nil {
		shutdownCtx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
		defer cancel()
		_ = s.stack.Shutdown(shutdownCtx)
		return nil, err
	}
	return s, nil
}

func (s *Stack) start(ctx context.Context) error {
	var err error
	if s.varDir, err = filepath.Abs(s.cfg.VarDir); err != nil {
		return err
	}
	if err := os.MkdirAll(s.varDir, 0o755); err != nil { //nolint:gosec // G301: the private PostgreSQL, run as the postgres user under root, must traverse it
		return fmt.Errorf("create %s: %w", s.varDir, err)
	}
	// Every key of the suite derives from it (pkg/secrets).
	if s.secret, err = rootSecret(s.varDir, s.cfg.InternalSecret, !s.production()); err != nil {
		return err
	}
	if err := s.startAdmin(); err != nil {
		return err
	}
	if s.db, err = s.startDatabase(ctx); err != nil {
		return err
	}
	if s.natsURL, err = s.startNATS(); err != nil {
		return err
	}
	if !s.production() {
		if err := s.startMailpit(); err != nil {
			return err
		}
	}
	return s.startServices(ctx)
}

// DatabaseURL is the superuser's URL of the PostgreSQL the suite runs on
// (benchmarks and tests read it).
func (s *Stack) DatabaseURL() string { return s.db.admin }

// NATSURL is the suite's NATS server (benchmarks publish on it as a
// service, with keys derived from InternalSecret).
func (s *Stack) NATSURL() string { return s.natsURL }

// InternalSecret is the root secret every internal key derives from; the
// operator's command signs its calls with a key derived from it.
func (s *Stack) InternalSecret() string { return s.secret }

// ServiceDatabaseURL is the URL service connects with: its own role on the
// private cluster, or DATABASE_URL when one was given.
func (s *Stack) ServiceDatabaseURL(service string) string { return s.db.forService(service) }

// MailpitURL is the local inbox every mail of the suite lands in (web and API).
// It is empty on a production stack, which sends real mail.
func (s *Stack) MailpitURL() string {
	if s.mailpit == nil {
		return ""
	}
	return s.mailpit.URL
}

// Failed delivers the error of a service that stopped on its own.
func (s *Stack) Failed() <-chan error { return s.failed }

// Stop shuts every part down in the reverse order of start-up.
func (s *Stack) Stop(ctx context.Context) error { return s.stack.Shutdown(ctx) }

// run starts one service's Run function in the background; its cleanup
// cancels it and waits for it to return.
func (s *Stack) run(name string, fn func(ctx context.Context) error) {
	// Each service's readiness checks go on the one admin listener, named
	// after it ("catalog/database").
	ctx, cancel := context.WithCancel(admin.WithChecks(context.Background(), s.checks.Sub(name)))
	done := make(chan struct{})
	go func() {
		defer close(done)
		if err := fn(ctx); err != nil && ctx.Err() == nil {
			s.failed <- fmt.Errorf("%s: %w", name, err)
		}
	}()
	s.stack.Push(name, func(stopCtx context.Context) error {
		cancel()
		select {
		case <-done:
			return nil
		case <-stopCtx.Done():
			return fmt.Errorf("%s did not stop in time", name)
		}
	})
}

// serviceLogger is the logger of one service: the same output and level as
// the devstack's, tagged with the service's name.
func (s *Stack) serviceLogger(name string) *slog.Logger {
	return logx.New(os.Stderr, name, s.cfg.LogLevel, "text")
}

// loopback returns a listener on a free loopback port for a service.
func loopback() (net.Listener, error) { return net.Listen("tcp", "127.0.0.1:0") }
