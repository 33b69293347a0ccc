package app

import (
	"errors"
	"fmt"
	"net"
	"strings"
	"time"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/config"
	"github.com/vidhost/vidhost/pkg/liveorigin"
	"github.com/vidhost/vidhost/pkg/secrets"
	"github.com/vidhost/vidhost/services/live/internal/srt"
)

// Config is the live service's configuration, loaded from VIDHOST_*
// environment variables over the defaults below (pkg/config).
type Config struct {
	// Common is the bus the reports go to, the log and the root secret
	// (required): the service's caller key and NATS user derive from it.
	config.Common
	// RTMPAddr is where publishers connect. The catalog's
	// VIDHOST_LIVE_RTMP_URL must name this port as publishers reach it.
	RTMPAddr string `env:"VIDHOST_LIVE_RTMP_ADDR" envDefault:"127.0.0.1:1935"`
	// SRTAddr is where SRT publishers connect (UDP; docs/live.md); empty
	// turns SRT ingest off. The catalog's VIDHOST_LIVE_SRT_URL must name
	// this port as publishers reach it. A build without cgo (or with the
	// nosrt tag) has no SRT and says so in its log.
	SRTAddr string `env:"VIDHOST_LIVE_SRT_ADDR" envDefault:"127.0.0.1:8890"`
	// SRTLatency is the SRT receive latency (SRTO_LATENCY): how long
	// packets are held for lost ones to be sent again. The larger of this
	// and the publisher's own setting applies.
	SRTLatency time.Duration `env:"VIDHOST_LIVE_SRT_LATENCY" envDefault:"120ms"`
	// HTTPAddr is the internal HTTP listener that serves each live run's
	// low-latency HLS from memory to the gateway's edge, which alone may
	// call it (each request signed with the gateway's key); empty turns
	// LL-HLS off (standard HLS only).
	HTTPAddr string `env:"VIDHOST_LIVE_HTTP_ADDR" envDefault:"127.0.0.1:9105"`
	// HTTPURL is how the gateway reaches this instance's HTTPAddr
	// (http://10.1.2.3:9105): written beside each LL stream in the blob
	// store, so the edge finds the instance holding a run among several.
	// Empty: http://<HTTPAddr>, which must then name a host.
	HTTPURL string `env:"VIDHOST_LIVE_HTTP_URL"`
	// CatalogAddr is the catalog, which checks stream keys.
	CatalogAddr string `env:"VIDHOST_CATALOG_ADDR" envDefault:"127.0.0.1:9102"`
	// Blob is the store the edge serves /media from.
	Blob blob.Settings
	// WorkDir holds each live run's files while it lasts (required).
	WorkDir string `env:"VIDHOST_LIVE_WORK_DIR"`
	// FFmpeg is the tool's name or path.
	FFmpeg string `env:"VIDHOST_FFMPEG" envDefault:"ffmpeg"`
	// StallTimeout ends a run whose publisher sends nothing for this long.
	StallTimeout time.Duration `env:"VIDHOST_LIVE_STALL_TIMEOUT" envDefault:"10s"`
	// ReconnectWindow is how long an event whose publisher left stays live,
	// waiting for it to come back and continue the same stream; 0 ends the
	// event at once.
	ReconnectWindow time.Duration `env:"VIDHOST_LIVE_RECONNECT_WINDOW" envDefault:"60s"`
	// RestreamAllowLoopback lets restream outputs reach this machine's
	// loopback (the devstack's test receivers); private and link-local
	// addresses stay refused. The catalog reads the same variable when an
	// output is saved.
	RestreamAllowLoopback bool `env:"VIDHOST_RESTREAM_ALLOW_LOOPBACK"`
	// WHIP is WebRTC ingest's (whip.go); off unless VIDHOST_LIVE_WHIP_ADDR is set.
	WHIP WHIPSettings
}

// Validate reports missing required settings before anything starts.
func (c Config) Validate() error {
	var errs []error
	if err := secrets.Check("VIDHOST_INTERNAL_SECRET", c.InternalSecret); err != nil {
		errs = append(errs, err)
	}
	if c.WorkDir == "" {
		errs = append(errs, errors.New("VIDHOST_LIVE_WORK_DIR must be set"))
	}
	if c.ReconnectWindow < 0 {
		errs = append(errs, errors.New("VIDHOST_LIVE_RECONNECT_WINDOW must not be negative"))
	}
	if c.SRTLatency < 0 {
		errs = append(errs, errors.New("VIDHOST_LIVE_SRT_LATENCY must not be negative"))
	}
	errs = append(errs, c.WHIP.validate())
	if c.StallTimeout <= 0 {
		errs = append(errs, errors.New("VIDHOST_LIVE_STALL_TIMEOUT must be positive"))
	}
	errs = append(errs, c.Blob.Validate(false, ""))
	if c.HTTPURL != "" {
		if _, err := liveorigin.ParseAddress(c.HTTPURL); err != nil {
			errs = append(errs, fmt.Errorf("VIDHOST_LIVE_HTTP_URL %q must be http(s)://host:port", c.HTTPURL))
		}
	}
	return errors.Join(errs...)
}

// originURL is HTTPURL, or else the listener's own address when it names
// a host (an unspecified one, 0.0.0.0:9105, says nothing of how the
// gateway reaches it).
func (c Config) originURL(lis net.Addr) (string, error) {
	if c.HTTPURL != "" {
		return strings.TrimSuffix(c.HTTPURL, "/"), nil
	}
	host, _, err := net.SplitHostPort(lis.String())
	if ip := net.ParseIP(host); err != nil || host == "" || ip != nil && ip.IsUnspecified() {
		return "", fmt.Errorf("VIDHOST_LIVE_HTTP_URL must be set when VIDHOST_LIVE_HTTP_ADDR (%s) names no host", lis)
	}
	return "http://" + lis.String(), nil
}

// Options are the in-process hooks of Run.
type Options struct {
	// RTMPListener, if set, is served instead of listening on RTMPAddr;
	// tests and the devstack pass one on a free port. Run closes it.
	RTMPListener net.Listener
	// SRTListener, if set, is served instead of listening on SRTAddr (the
	// devstack opens one on a free port to know its URL). Run closes it.
	SRTListener *srt.Listener
	// HTTPListener, if set, is served instead of listening on HTTPAddr
	// (the devstack passes one on a free port). Run closes it.
	HTTPListener net.Listener
	// WHIPListener and WHIPUDP, if set, are served instead of listening on
	// WHIP.Addr and WHIP.UDPAddr (the devstack opens both on free ports);
	// both or neither. Run closes them.
	WHIPListener net.Listener
	WHIPUDP      net.PacketConn
}

// SRTListener is an open SRT port, for Options.SRTListener.
type SRTListener = srt.Listener

// SRTAvailable reports whether this build serves SRT (cgo and libsrt).
const SRTAvailable = srt.Available

// DefaultSRTLatency is VIDHOST_LIVE_SRT_LATENCY's default.
const DefaultSRTLatency = 120 * time.Millisecond

// ListenSRT opens an SRT port for Options.SRTListener: "host:0" picks a
// free port (Addr tells which). Connections are refused until Run serves it.
func ListenSRT(addr string, latency time.Duration) (*SRTListener, error) {
	return srt.Listen(addr, srt.Options{Latency: latency}, nil)
}
