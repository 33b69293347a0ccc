package admin

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"time"

	"github.com/vidhost/vidhost/pkg/metrics"
)

// DefaultAddr keeps the admin port private and out of the way: loopback,
// any free port (logged at start). A cluster sets VIDHOST_ADMIN_ADDR to
// ":9090" so that Prometheus and the kubelet reach it.
const DefaultAddr = "127.0.0.1:0"

// Handler serves /metrics, /debug/pprof/, /livez and /readyz.
func Handler(checks *Checks) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", metrics.Handler())
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	// Liveness: answering at all is the proof; nothing else is looked at.
	mux.HandleFunc("GET /livez", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		_, _ = w.Write([]byte("ok\n"))
	})
	mux.HandleFunc("GET /readyz", func(w http.ResponseWriter, r *http.Request) {
		results, ok := checks.Run(r.Context())
		w.Header().Set("Content-Type", "application/json")
		status := http.StatusOK
		if !ok {
			status = http.StatusServiceUnavailable
		}
		w.WriteHeader(status)
		_ = json.NewEncoder(w).Encode(readiness(ok, results))
	})
	return mux
}

type readyBody struct {
	Ready  bool              `json:"ready"`
	Checks map[string]string `json:"checks"`
}

// readiness is /readyz's body: each check's "ok" or its error.
func readiness(ok bool, results []Result) readyBody {
	body := readyBody{Ready: ok, Checks: make(map[string]string, len(results))}
	for _, r := range results {
		body.Checks[r.Name] = "ok"
		if r.Error != "" {
			body.Checks[r.Name] = r.Error
		}
	}
	return body
}

// Server is a running admin listener.
type Server struct {
	// URL is the listener's base URL ("http://127.0.0.1:41234"); its
	// metrics are at URL+"/metrics".
	URL string
	srv *http.Server
}

// Start listens on addr and serves Handler(checks) in the background.
// Close it with Shutdown.
func Start(addr string, checks *Checks, logger *slog.Logger) (*Server, error) {
	lis, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("admin: listen on %s: %w", addr, err)
	}
	srv := &http.Server{
		Handler:           Handler(checks),
		ReadHeaderTimeout: 5 * time.Second,
		// No WriteTimeout: a CPU profile or trace streams for as long as asked.
		ErrorLog: slog.NewLogLogger(logger.Handler(), slog.LevelWarn),
	}
	go func() {
		if err := srv.Serve(lis); err != nil && !errors.Is(err, http.ErrServerClosed) {
			logger.Error("admin listener stopped", "error", err)
		}
	}()
	return &Server{URL: "http://" + lis.Addr().String(), srv: srv}, nil
}

// Shutdown stops the listener, letting a scrape in progress finish.
func (s *Server) Shutdown(ctx context.Context) error {
	if err := s.srv.Shutdown(ctx); err != nil {
		_ = s.srv.Close()
		return err
	}
	return nil
}
