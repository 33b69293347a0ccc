package ingest

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/liveorigin"
	"github.com/vidhost/vidhost/services/live/internal/pipeline"
	"github.com/vidhost/vidhost/services/live/internal/restream"
)

// publishing is an admitted publisher: its event and the key it used,
// checked again while it publishes.
type publishing struct {
	grant Grant
	key   string
}

// liveOutputs are the event's outputs while it is live: ffmpeg's HLS,
// which every player plays (the first HLS output is the one the watch page
// plays), and, when the run has one, the LL-HLS master.
func (lr *liveRun) liveOutputs() []Output {
	outputs := []Output{{Label: "HLS live", Path: pipeline.MasterPlaylist}}
	if lr.lowLatency.Load() {
		outputs = append(outputs, Output{Label: "HLS low-latency", Path: liveorigin.MasterPath})
	}
	return outputs
}

// run pipes the stream through the event's live run (started now, or
// waiting for this publisher's reconnection) until the publisher stops;
// then the run waits for a reconnection for the reconnect window, or ends
// at once when the service cut the publisher, is stopping, or ffmpeg died.
// It returns a refusal only when the run could not start.
func (s *Server) run(ctx context.Context, src source, p publishing, tracks streamTracks, logger *slog.Logger) error {
	lr, err := s.liveRunFor(ctx, p.grant, logger)
	if err != nil {
		return err
	}
	ts, err := pipeline.NewTSWriter(lr.ff.Stdin(), tracks.sps, tracks.pps, tracks.aac)
	if err != nil {
		lr.finish("the live transcoder could not start")
		return errUnavailable
	}
	if lr.written > 0 {
		ts.ContinueFrom(lr.written)
		logger.Info("publisher reconnected")
	}
	clock := &streamClock{}
	outputs := s.restream(ctx, p.grant, tracks, logger)
	ll := s.lowLatencyFor(ctx, lr, tracks, logger)
	lr.lowLatency.Store(ll != nil)
	src.onMedia(func(pts, dts time.Duration, au [][]byte) {
		outputs.WriteH264(pts, dts, au)
		ll.writeH264(pts, dts, au)
		clock.fail(ts.WriteH264(pts, dts, au))
	}, func(pts time.Duration, au []byte) {
		outputs.WriteAAC(pts, au)
		ll.writeAAC(pts, au)
		clock.fail(ts.WriteAAC(pts, au))
	})
	recheckCtx, stopRecheck := context.WithCancel(ctx)
	cut := &cutReason{}
	s.recheckKey(recheckCtx, src, p.key, cut, func(g Grant) { outputs.Sync(g.Restreams) })
	watchBitrate(recheckCtx, src, p.grant.MaxBitrate, s.cfg.BitrateWindow, cut)
	reason := s.read(src, clock, lr.ff)
	stopRecheck()
	outputs.Close() // they send what they have queued, for a moment, and disconnect
	ll.connectionEnded()
	if n := ts.Dropped(); n > 0 {
		// The standard HLS and the recording lost them; LL-HLS and the
		// restreams did not wait for the transcoder (pipeline.Feed).
		logger.Warn("the live transcoder fell behind: frames dropped before it", "frames", n)
	}
	lr.wrote(ts)
	switch why := cut.reason(); {
	case why != "":
		lr.finish(why)
	case ctx.Err() != nil:
		lr.finish("the live service stopped")
	case clock.err() != nil || s.cfg.ReconnectWindow <= 0:
		lr.finish(reason)
	default:
		s.waitReconnect(lr, reason)
	}
	return nil
}

// restream starts the event's outputs for this publisher's stream: each
// goes its own way (a dead one never touches the ingest), reconnecting as
// it can, until the publisher leaves.
func (s *Server) restream(ctx context.Context, g Grant, tracks streamTracks, logger *slog.Logger) *restream.Fanout {
	cfg := s.cfg.Restream
	cfg.OnStatus = func(st restream.Status) {
		logger.Info("restream output", "output", st.Target, "state", st.State, "reason", st.Reason, "failures", st.Failures)
		if s.cfg.RestreamStatus != nil {
			s.cfg.RestreamStatus(g, st)
		}
	}
	return restream.Start(ctx, cfg, restream.Tracks{SPS: tracks.sps, PPS: tracks.pps, AAC: tracks.aac}, g.Restreams)
}

// read feeds the stream to ffmpeg until the publisher ends it, stalls,
// sends what cannot be read, or ffmpeg dies; it returns why, for a person.
func (s *Server) read(src source, clock *streamClock, ff *pipeline.Run) string {
	for {
		err := src.readMedia(s.cfg.StallTimeout)
		if err == nil {
			err = clock.err()
		}
		select {
		case <-ff.Done():
			return "the live transcoder stopped"
		default:
		}
		var ne net.Error
		switch {
		case err == nil:
			continue
		case errors.As(err, &ne) && ne.Timeout():
			return fmt.Sprintf("the publisher sent nothing for %s", s.cfg.StallTimeout)
		case clock.err() != nil:
			return "the live transcoder stopped"
		default:
			return "the publisher disconnected"
		}
	}
}

// syncLoop uploads the run's files every SyncEvery until ctx ends, and
// reports the event live once it is playable.
func (s *Server) syncLoop(ctx context.Context, lr *liveRun) *sync.WaitGroup {
	up, g, logger := lr.up, lr.grant, lr.logger
	var wg sync.WaitGroup
	wg.Go(func() {
		ticker := time.NewTicker(s.cfg.SyncEvery)
		defer ticker.Stop()
		reported := false
		for {
			select {
			case <-ctx.Done():
				return
			case <-ticker.C:
			}
			playable, err := up.Sync(ctx)
			if err != nil && ctx.Err() == nil {
				logger.Warn("live upload failed; retrying", "error", err)
				continue
			}
			if playable && !reported {
				if err := s.reports.Started(ctx, g, lr.id, lr.liveOutputs()); err != nil {
					logger.Warn("live.started not published; retrying", "error", err)
					continue
				}
				reported = true
			}
		}
	})
	return &wg
}

// storeRecording uploads the run's recording as the event's source,
// uploads/<account>/<video>/recording.ts, and returns its key ("" when
// there is nothing to record or the upload failed).
func (s *Server) storeRecording(ctx context.Context, g Grant, dir string, logger *slog.Logger) string {
	local := filepath.Join(dir, pipeline.RecordingFile)
	info, err := os.Stat(local)
	if err != nil || info.Size() == 0 {
		return ""
	}
	key, err := blob.UploadKey(g.AccountID, g.VideoID, pipeline.RecordingFile)
	if err != nil {
		return ""
	}
	f, err := os.Open(local) //nolint:gosec // the run's own file
	if err != nil {
		return ""
	}
	defer f.Close()
	if err := s.cfg.Store.Put(ctx, key, f, info.Size(), "video/mp2t"); err != nil {
		logger.Error("recording not stored", "error", err)
		return ""
	}
	return key
}

// streamClock keeps the first write failure (ffmpeg gone) of the read
// goroutine's callbacks.
type streamClock struct {
	mu      sync.Mutex
	failure error
}

func (c *streamClock) fail(err error) {
	if err == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.failure == nil {
		c.failure = err
	}
}

func (c *streamClock) err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.failure
}

// recheckEvery is how often a live publisher's key is checked again: a key
// rotated or revoked, or an event deleted or disabled, ends its run within
// this time.
const recheckEvery = 5 * time.Second

// cutReason is why a run was cut by the service, if it was.
type cutReason struct {
	mu  sync.Mutex
	why string
}

// set records why, unless a reason was recorded first; it reports whether
// why is the reason.
func (c *cutReason) set(why string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.why != "" {
		return false
	}
	c.why = why
	return true
}

func (c *cutReason) reason() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.why
}

// recheckKey checks the publisher's key every recheckEvery until ctx ends,
// handing each grant to granted (the event's outputs follow it); on a
// refusal (not on the catalog being unreachable) it records why and closes
// the connection, which ends the run.
func (s *Server) recheckKey(ctx context.Context, src source, key string, cut *cutReason, granted func(Grant)) {
	go func() {
		ticker := time.NewTicker(recheckEvery)
		defer ticker.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-ticker.C:
			}
			g, err := s.auth.AuthorizePublish(ctx, key)
			var refusal *Refusal
			switch {
			case errors.As(err, &refusal) && ctx.Err() == nil:
				cut.set("ended by the service: " + refusal.Reason)
				src.cut()
				return
			case err == nil:
				granted(g)
			}
		}
	}()
}
