package ingest

import (
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/services/live/internal/pipeline"
)

// liveRun is one event's pipeline: ffmpeg, its uploads and its recording.
// It outlives a publisher's connection by the reconnect window, so that a
// publisher that drops and comes back continues the same stream, playlist
// and recording.
type liveRun struct {
	s       *Server
	grant   Grant
	id, dir string
	ff      *pipeline.Run
	up      *pipeline.Uploader
	cancel  context.CancelFunc
	syncing *sync.WaitGroup
	logger  *slog.Logger
	// ll is the run's LL-HLS stream, nil when off. Set by the connection
	// that publishes, read by finish once none does.
	ll *lowLatency
	// lowLatency says whether the publishing connection has an LL-HLS
	// stream: the outputs reported live include its master then.
	lowLatency atomic.Bool
	// Guarded by s.mu.
	first, written time.Duration // stream times written by all connections
	timer          *time.Timer   // set while waiting for a reconnection
	once           sync.Once
}

// liveRunFor returns the event's run waiting for this publisher, or
// starts one.
func (s *Server) liveRunFor(ctx context.Context, g Grant, logger *slog.Logger) (*liveRun, error) {
	s.mu.Lock()
	lr := s.runs[g.VideoID]
	s.mu.Unlock()
	if lr != nil {
		return lr, nil
	}
	id := ids.New()
	dir := filepath.Join(s.cfg.WorkDir, g.VideoID+"-"+id)
	runCtx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	ff, err := pipeline.Start(runCtx, s.cfg.FFmpeg, s.cfg.Plan(dir))
	if err != nil {
		cancel()
		logger.Error("live run did not start", "error", err)
		return nil, errUnavailable
	}
	lr = &liveRun{s: s, grant: g, id: id, dir: dir, ff: ff, cancel: cancel, logger: logger,
		up: &pipeline.Uploader{Store: s.cfg.Store, Account: g.AccountID, Video: g.VideoID, Dir: dir}}
	lr.syncing = s.syncLoop(runCtx, lr)
	s.mu.Lock()
	s.runs[g.VideoID] = lr
	s.mu.Unlock()
	logger.Info("publisher live")
	return lr, nil
}

// wrote records what a connection's writer wrote.
func (lr *liveRun) wrote(ts *pipeline.TSWriter) {
	first, last := ts.Span()
	lr.s.mu.Lock()
	defer lr.s.mu.Unlock()
	if lr.written == 0 {
		lr.first = first
	}
	lr.written = max(lr.written, last)
}

// waitReconnect keeps lr for the reconnect window; a publisher with the
// key that connects meanwhile continues it (claim stops the timer).
func (s *Server) waitReconnect(lr *liveRun, reason string) {
	lr.logger.Info("publisher gone; waiting for a reconnection", "reason", reason, "window", s.cfg.ReconnectWindow)
	s.mu.Lock()
	defer s.mu.Unlock()
	lr.timer = time.AfterFunc(s.cfg.ReconnectWindow, func() { lr.finish(reason) })
}

// finish ends the run once: ffmpeg flushes the last segments and the
// recording, the playlists are uploaded with their end, the recording is
// stored and live.ended reported.
func (lr *liveRun) finish(reason string) {
	lr.once.Do(func() {
		s := lr.s
		ctx := context.Background()
		if lr.ll != nil { // first: its viewers need nothing of ffmpeg to read the end
			s.endLowLatency(lr.grant.VideoID, lr.ll)
		}
		if err := lr.ff.Finish(); err != nil {
			lr.logger.Warn("ffmpeg ended with an error", "error", err)
		}
		lr.cancel()
		lr.syncing.Wait()
		if _, err := lr.up.Sync(ctx); err != nil {
			lr.logger.Warn("last live upload failed", "error", err)
		}
		s.mu.Lock()
		end := End{Duration: (lr.written - lr.first).Seconds(), Reason: reason}
		delete(s.runs, lr.grant.VideoID)
		s.mu.Unlock()
		if lr.grant.Record {
			end.RecordingKey = s.storeRecording(ctx, lr.grant, lr.dir, lr.logger)
		}
		_ = os.RemoveAll(lr.dir)
		lr.logger.Info("live run ended", "reason", reason, "seconds", end.Duration)
		if err := s.reports.Ended(ctx, lr.grant, lr.id, end); err != nil {
			lr.logger.Error("live.ended not published", "error", err)
		}
	})
}

// finishWaiting ends every run still waiting for a reconnection (the
// service is stopping).
func (s *Server) finishWaiting() {
	s.mu.Lock()
	var waiting []*liveRun
	for _, lr := range s.runs {
		if lr.timer != nil && lr.timer.Stop() {
			waiting = append(waiting, lr)
		}
	}
	s.mu.Unlock()
	for _, lr := range waiting {
		lr.finish("the live service stopped")
	}
}
