package ingest

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/liveorigin"
	"github.com/vidhost/vidhost/services/live/internal/llhls"
)

// lowLatencyLinger is how long an ended stream is still served: players
// polling it read its EXT-X-ENDLIST instead of a 404.
const lowLatencyLinger = 30 * time.Second

// defaultBandwidth is the LL master's BANDWIDTH when the plan sets no
// bitrate limit: the 1080p30 rate docs/live.md suggests, with headroom.
const defaultBandwidth = 6_000_000

// lowLatency is a run's LL-HLS stream: the packager the publisher's
// access units go to beside ffmpeg, served from memory under its id. Its
// write methods run on the connection's read goroutine, as the muxer
// wants; a failed write is logged (the first of each connection) and
// never fails the ingest: the standard HLS and the recording go on.
type lowLatency struct {
	id     string
	muxer  *llhls.Muxer
	logger *slog.Logger
	failed int // writes failed on this connection
	// What dates the stream (EXT-X-PROGRAM-DATE-TIME), which the muxer
	// takes at a connection's first keyframe: when the connection's first
	// unit arrived (streamTracks.since) plus the stream time since it.
	since       time.Time     // when this connection's stream began
	first, last time.Duration // the first unit's time, the unit in hand's
	started     bool          // first is set
}

func (ll *lowLatency) writeH264(pts, dts time.Duration, au [][]byte) {
	if ll != nil {
		ll.at(dts)
		ll.fail(ll.muxer.WriteH264(pts, dts, au))
	}
}

func (ll *lowLatency) writeAAC(pts time.Duration, au []byte) {
	if ll != nil {
		ll.at(pts)
		ll.fail(ll.muxer.WriteAAC(pts, au))
	}
}

// at notes the stream time of the unit about to be written.
func (ll *lowLatency) at(t time.Duration) {
	if !ll.started {
		ll.first, ll.started = t, true
	}
	ll.last = t
}

// now is the muxer's clock (llhls.Config.Now): the wall clock at which the
// unit in hand came, as a publisher sending at live pace sends it. The
// wall clock when the muxer gets it would be up to the track analysis
// late: every viewer's measured latency would read that much short.
func (ll *lowLatency) now() time.Time {
	if !ll.started || ll.since.IsZero() {
		return time.Now()
	}
	return ll.since.Add(ll.last - ll.first)
}

// connected starts the dating of a new connection's stream.
func (ll *lowLatency) connected(since time.Time) {
	ll.since, ll.started = since, false
}

func (ll *lowLatency) fail(err error) {
	if err == nil {
		return
	}
	if ll.failed == 0 {
		ll.logger.Warn("low-latency HLS: a write failed; the stream goes on without it", "error", err)
	}
	ll.failed++
}

// connectionEnded logs how many writes this connection lost, if any.
func (ll *lowLatency) connectionEnded() {
	if ll != nil && ll.failed > 0 {
		ll.logger.Warn("low-latency HLS: writes failed on this connection", "failed", ll.failed)
		ll.failed = 0
	}
}

// lowLatencyFor returns the run's LL-HLS stream for this connection: the
// run's own, continued after a reconnection (Restart), or a new one when
// the run has none or the publisher came back with other tracks. Nil when
// LL-HLS is off or could not start (logged): viewers keep standard HLS.
func (s *Server) lowLatencyFor(ctx context.Context, lr *liveRun, tracks streamTracks, logger *slog.Logger) *lowLatency {
	if s.cfg.LowLatency == nil {
		return nil
	}
	t := llhls.Tracks{SPS: tracks.sps, PPS: tracks.pps, AAC: tracks.aac}
	if ll := lr.ll; ll != nil {
		err := ll.muxer.Restart(t)
		if !errors.Is(err, llhls.ErrTracksChanged) {
			if err != nil {
				logger.Warn("low-latency HLS: the last connection's frames were lost", "error", err)
			}
			ll.connected(tracks.since)
			return ll
		}
		logger.Info("low-latency HLS: the publisher's tracks changed; a new stream starts")
		s.endLowLatency(lr.grant.VideoID, ll)
		lr.ll = nil
	}
	ll, err := s.startLowLatency(ctx, lr.grant, t, logger)
	if err != nil {
		logger.Warn("low-latency HLS off for this run", "error", err)
		return nil
	}
	ll.connected(tracks.since)
	lr.ll = ll
	return ll
}

// startLowLatency starts a stream and publishes it: served first, then
// its origin's address, then the master playlist naming it, so that
// whatever a player can read leads to something there.
func (s *Server) startLowLatency(ctx context.Context, g Grant, t llhls.Tracks, logger *slog.Logger) (*lowLatency, error) {
	ll := &lowLatency{id: ids.New()}
	muxer, err := llhls.New(llhls.Config{Now: ll.now}, t)
	if err != nil {
		return nil, err
	}
	id := ll.id
	bandwidth := g.MaxBitrate
	if bandwidth <= 0 {
		bandwidth = defaultBandwidth
	}
	master, err := llhls.Master(t, id+"/"+llhls.PlaylistName, bandwidth)
	if err != nil {
		return nil, err
	}
	s.cfg.LowLatency.Add(g.VideoID, id, muxer)
	err = s.putMedia(ctx, g, liveorigin.AddressPath(id), []byte(s.cfg.LowLatencyOrigin), "text/plain")
	if err == nil {
		err = s.putMedia(ctx, g, liveorigin.MasterPath, master, "application/vnd.apple.mpegurl")
	}
	if err != nil {
		s.cfg.LowLatency.Remove(g.VideoID, id)
		return nil, err
	}
	ll.muxer, ll.logger = muxer, logger.With("stream", id)
	return ll, nil
}

// endLowLatency ends a stream (its playlist gets EXT-X-ENDLIST, which
// answers every blocked request) and stops serving it a little later.
func (s *Server) endLowLatency(videoID string, ll *lowLatency) {
	if err := ll.muxer.Close(); err != nil {
		ll.logger.Warn("low-latency HLS: the last frames were lost", "error", err)
	}
	time.AfterFunc(lowLatencyLinger, func() { s.cfg.LowLatency.Remove(videoID, ll.id) })
}

// putMedia stores body at path in the event's media folder.
func (s *Server) putMedia(ctx context.Context, g Grant, path string, body []byte, contentType string) error {
	key, err := blob.VideoKey(g.AccountID, g.VideoID, path)
	if err != nil {
		return err
	}
	return s.cfg.Store.Put(ctx, key, bytes.NewReader(body), int64(len(body)), contentType)
}
