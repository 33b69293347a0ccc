package ingest

import (
	"context"
	"fmt"
	"net"
	"strconv"
	"sync/atomic"
	"time"
)

// The plan's ingest bitrate limit (Grant.MaxBitrate) is enforced on the
// bytes received, RTMP framing included: what the publisher costs us. A
// stream is cut only when its average over a window stays above the limit
// plus bitrateSlack for bitrateStrikes windows in a row, so an encoder set
// to exactly the limit (OBS adds its audio and the framing on top) or a
// burst after a network stall (the encoder catching up) is not cut.
const (
	// DefaultBitrateWindow is the window a stream's bitrate is averaged over.
	DefaultBitrateWindow = 10 * time.Second
	bitrateStrikes       = 3
	bitrateSlackPercent  = 10
)

// countingConn counts the bytes read from a publisher's connection.
type countingConn struct {
	net.Conn
	read atomic.Int64
}

func (c *countingConn) Read(p []byte) (int, error) {
	n, err := c.Conn.Read(p)
	c.read.Add(int64(n))
	return n, err
}

// bitrateMeter decides, window by window, whether a stream has stayed above
// its limit for long enough to be cut. It keeps no clock: the caller feeds
// it each window's bytes, which keeps it testable without timing.
type bitrateMeter struct {
	limit   int64 // bits per second; 0 means no limit
	window  time.Duration
	strikes int
}

// observe takes the bytes of one window and reports the window's bitrate
// and whether the stream is to be cut.
func (m *bitrateMeter) observe(bytes int64) (bps int64, cut bool) {
	bps = bytes * 8 * int64(time.Second) / int64(m.window)
	if m.limit <= 0 {
		return bps, false
	}
	if bps*100 > m.limit*(100+bitrateSlackPercent) {
		m.strikes++
	} else {
		m.strikes = 0
	}
	return bps, m.strikes >= bitrateStrikes
}

// cutReasonFor is the reason on the video of a stream cut for its bitrate.
func cutReasonFor(bps, limit int64) string {
	return fmt.Sprintf("ended by the service: the stream's bitrate (%.1f Mbit/s) stayed above the plan's limit of %s Mbit/s; lower the encoder's bitrate",
		float64(bps)/1e6, strconv.FormatFloat(float64(limit)/1e6, 'f', -1, 64))
}

// watchBitrate measures src every window until ctx ends; a stream that
// stays above limit is cut: the reason is recorded and the connection
// closed, which ends the run.
func watchBitrate(ctx context.Context, src source, limit int64, window time.Duration, cut *cutReason) {
	if limit <= 0 {
		return
	}
	meter := &bitrateMeter{limit: limit, window: window}
	go func() {
		ticker := time.NewTicker(window)
		defer ticker.Stop()
		last := src.received()
		for {
			select {
			case <-ctx.Done():
				return
			case <-ticker.C:
			}
			now := src.received()
			bps, over := meter.observe(now - last)
			last = now
			if over && cut.set(cutReasonFor(bps, limit)) {
				src.cut()
				return
			}
		}
	}()
}
