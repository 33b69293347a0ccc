package ingest

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"sync"
	"time"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/services/live/internal/pipeline"
	"github.com/vidhost/vidhost/services/live/internal/restream"
	"github.com/vidhost/vidhost/services/live/internal/srt"
)

// Config is what the server needs besides its ports.
type Config struct {
	// FFmpeg is the ffmpeg binary.
	FFmpeg string
	// WorkDir holds each run's folder while it lasts.
	WorkDir string
	// Store is the blob store the edge serves /media from.
	Store blob.Store
	// Plan is the live ladder for a run's folder (pipeline.DefaultPlan).
	Plan func(dir string) pipeline.Plan
	// SyncEvery is how often a run's new files are uploaded.
	SyncEvery time.Duration
	// StallTimeout ends a run whose publisher sends nothing for this long.
	StallTimeout time.Duration
	// ReconnectWindow is how long a run whose publisher left waits for it
	// to come back and continue the stream; 0 ends it at once.
	ReconnectWindow time.Duration
	// BitrateWindow is what a stream's bitrate is averaged over before it
	// is compared with the plan's limit (DefaultBitrateWindow).
	BitrateWindow time.Duration
	// Restream bounds the event's outputs (its FFmpeg and Logger default to
	// this Config's): netguard.PublicOnly unless an operator says otherwise.
	Restream restream.Config
	// RestreamStatus receives each output's state changes with the grant
	// of its run (the live service reports them to the catalog); it is
	// called from the outputs' goroutines and must not block. Nil: logged
	// only.
	RestreamStatus func(Grant, restream.Status)
	// LowLatency, if set, serves each run's LL-HLS stream (package origin),
	// packaged from the publisher's frames beside ffmpeg; nil: standard
	// HLS only.
	LowLatency Streams
	// LowLatencyOrigin is the base URL the gateway's edge reaches
	// LowLatency at (this instance's), written beside each stream's master
	// playlist (pkg/liveorigin).
	LowLatencyOrigin string
	Logger           *slog.Logger
}

// handshakeTimeout bounds a connection's RTMP handshake and the wait for
// its first media: a client that connects and says nothing is dropped.
const handshakeTimeout = 10 * time.Second

// Server accepts RTMP and SRT publishers.
type Server struct {
	cfg     Config
	auth    Authorizer
	reports Reporter
	mu      sync.Mutex
	live    map[string]bool         // video ids with a publisher
	runs    map[string]*liveRun     // video ids with a run (publishing or waiting)
	pending map[int32]*srtAdmission // SRT sockets admitted, not yet accepted
	conns   sync.WaitGroup
	// stopping is set once Serve waits for conns: no run is added then
	// (a WHIP session answered as the service stops is closed).
	stopping bool
}

// NewServer returns a server that checks keys with auth and reports with
// reports.
func NewServer(cfg Config, auth Authorizer, reports Reporter) *Server {
	if cfg.Plan == nil {
		cfg.Plan = pipeline.DefaultPlan
	}
	if cfg.SyncEvery <= 0 {
		cfg.SyncEvery = 250 * time.Millisecond
	}
	if cfg.BitrateWindow <= 0 {
		cfg.BitrateWindow = DefaultBitrateWindow
	}
	if cfg.StallTimeout <= 0 {
		cfg.StallTimeout = 10 * time.Second
	}
	if cfg.Restream.FFmpeg == "" {
		cfg.Restream.FFmpeg = cfg.FFmpeg
	}
	if cfg.Restream.Logger == nil {
		cfg.Restream.Logger = cfg.Logger
	}
	return &Server{cfg: cfg, auth: auth, reports: reports, live: map[string]bool{}, runs: map[string]*liveRun{},
		pending: map[int32]*srtAdmission{}}
}

// Serve accepts RTMP connections on lis, and SRT ones on each SRT
// listener given, until ctx ends; then it closes the listeners, ends every
// run (their recordings are still reported) and returns once all
// connections are done.
func (s *Server) Serve(ctx context.Context, lis net.Listener, srtListeners ...*srt.Listener) error {
	var accepting sync.WaitGroup
	for _, l := range srtListeners {
		l.SetHook(s.srtHook(ctx))
		accepting.Go(func() { s.acceptSRT(ctx, l) })
	}
	closeAll := func() {
		_ = lis.Close()
		for _, l := range srtListeners {
			_ = l.Close()
		}
	}
	stop := context.AfterFunc(ctx, closeAll)
	defer stop()
	err := s.acceptRTMP(ctx, lis)
	closeAll()
	// No connection is added once the accept loops are done.
	accepting.Wait()
	s.mu.Lock()
	s.stopping = true
	s.mu.Unlock()
	s.conns.Wait()
	s.finishWaiting()
	return err
}

// acceptRTMP accepts RTMP connections on lis until it is closed.
func (s *Server) acceptRTMP(ctx context.Context, lis net.Listener) error {
	for {
		conn, err := lis.Accept()
		if err != nil {
			return unlessClosed(ctx, err)
		}
		s.conns.Go(func() { s.handle(ctx, conn) })
	}
}

// unlessClosed is an accept loop's error, nil when the listener was
// closed on purpose (the service stopping).
func unlessClosed(ctx context.Context, err error) error {
	if ctx.Err() == nil && !errors.Is(err, net.ErrClosed) {
		return err
	}
	return nil //nolint:nilerr // a closed listener is how serving ends
}

// claim marks videoID as published, or reports that it already is (or
// that its run is ending). A run waiting for a reconnection stops waiting.
func (s *Server) claim(videoID string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.live[videoID] {
		return false
	}
	if lr := s.runs[videoID]; lr != nil && lr.timer != nil {
		if !lr.timer.Stop() {
			return false // the window just closed: the run is ending
		}
		lr.timer = nil
	}
	s.live[videoID] = true
	return true
}

// admit checks a publisher's key with the catalog and claims its event:
// the same for every protocol.
func (s *Server) admit(ctx context.Context, key string) (Grant, error) {
	if key == "" {
		return Grant{}, errNoKey
	}
	g, err := s.auth.AuthorizePublish(ctx, key)
	if err != nil {
		return Grant{}, err
	}
	if !s.claim(g.VideoID) {
		return Grant{}, errBusy
	}
	return g, nil
}

func (s *Server) release(videoID string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.live, videoID)
}

// Publishing returns how many events have a publisher now.
func (s *Server) Publishing() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.live)
}
