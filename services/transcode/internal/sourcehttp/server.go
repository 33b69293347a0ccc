package sourcehttp

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/vidhost/vidhost/pkg/blob"
)

// The server's bounds. A response may last as long as ffmpeg takes to read
// the stretch (an audio unit streams the whole source at the pace of its
// encode), so there is no write or read timeout: the job's own timeout
// stops ffmpeg, which closes the connection. What is bounded is what a
// client that is not ffmpeg could hold: a request's headers and an idle
// connection.
const (
	readHeaderTimeout = 10 * time.Second
	idleTimeout       = 30 * time.Second
	maxHeaderBytes    = 8 << 10
)

// Server serves registered blobs on 127.0.0.1. One Server serves every
// unit of a worker; its methods are safe for concurrent use.
type Server struct {
	store  blob.Store
	logger *slog.Logger
	http   *http.Server
	base   string // "http://127.0.0.1:<port>/"

	mu      sync.Mutex
	sources map[string]source // by path token
}

// source is a registered blob: its size is read once, at registration
// (an upload never changes), so a request costs one ranged read.
type source struct {
	key  string
	size int64
}

// Start listens on a free loopback port and serves until Close.
func Start(store blob.Store, logger *slog.Logger) (*Server, error) {
	lis, err := listen()
	if err != nil {
		return nil, fmt.Errorf("sourcehttp: %w", err)
	}
	s := &Server{store: store, logger: logger, base: "http://" + lis.Addr().String() + "/", sources: map[string]source{}}
	s.http = &http.Server{
		Handler:           s,
		ReadHeaderTimeout: readHeaderTimeout,
		IdleTimeout:       idleTimeout,
		MaxHeaderBytes:    maxHeaderBytes,
		ErrorLog:          slog.NewLogLogger(logger.Handler(), slog.LevelWarn),
	}
	go func() {
		if err := s.http.Serve(lis); err != nil && !errors.Is(err, http.ErrServerClosed) {
			logger.Error("source server stopped", "error", err)
		}
	}()
	return s, nil
}

// Register makes key readable at the URL it returns until remove is
// called. A key that holds no object is blob.ErrNotFound.
func (s *Server) Register(ctx context.Context, key string) (url string, remove func(), err error) {
	info, err := s.store.Stat(ctx, key)
	if err != nil {
		return "", nil, err
	}
	token, err := newToken()
	if err != nil {
		return "", nil, err
	}
	s.mu.Lock()
	s.sources[token] = source{key: key, size: info.Size}
	s.mu.Unlock()
	remove = func() {
		s.mu.Lock()
		delete(s.sources, token)
		s.mu.Unlock()
	}
	return s.base + token, remove, nil
}

// Close stops the server: it waits for running responses until ctx is
// done, then cuts them (by then the units reading them have stopped).
func (s *Server) Close(ctx context.Context) error {
	if err := s.http.Shutdown(ctx); err != nil {
		return errors.Join(err, s.http.Close())
	}
	return nil
}

// Serving is how many sources are registered now: none once every run
// has ended.
func (s *Server) Serving() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.sources)
}

func (s *Server) lookup(token string) (source, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	src, ok := s.sources[token]
	return src, ok
}

// newToken is 256 random bits: a path no other process can guess.
func newToken() (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}
