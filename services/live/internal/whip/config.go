package whip

import (
	"errors"
	"fmt"
	"log/slog"
	"net"
	"time"

	"github.com/pion/ice/v4"
	"github.com/pion/interceptor"
	"github.com/pion/webrtc/v4"
)

// Config is what the handler needs besides the ingest.
type Config struct {
	// UDP is the one port every session's ICE, DTLS and media go through
	// (pion's UDP mux demultiplexes them by ICE username), so an operator
	// opens one UDP port however many publishers there are. Required.
	UDP net.PacketConn
	// PublicIPs, if set, are announced as the host candidates' addresses
	// instead of the port's own: a server behind 1:1 NAT (a cloud VM's
	// public IP), where publishers cannot reach the local address.
	PublicIPs []string
	// MaxSessions bounds the sessions at once, negotiating or publishing
	// (DefaultMaxSessions); one more is answered 503.
	MaxSessions int
	// StartTimeout bounds the time from the answer to the first keyframe:
	// ICE, DTLS and the browser's first picture (DefaultStartTimeout).
	StartTimeout time.Duration
	// FFmpeg is the ffmpeg binary that turns Opus into AAC.
	FFmpeg string
	Logger *slog.Logger
}

// The defaults of Config.
const (
	DefaultMaxSessions  = 64
	DefaultStartTimeout = 15 * time.Second
)

// ICE timeouts: a publisher whose packets stop is disconnected after
// iceDisconnected and failed after iceFailed; the ingest's stall timeout
// usually ends it first.
const (
	iceDisconnected = 5 * time.Second
	iceFailed       = 15 * time.Second
	iceKeepAlive    = 2 * time.Second
)

func (c *Config) defaults() error {
	if c.UDP == nil {
		return errors.New("whip: no UDP port")
	}
	if c.MaxSessions <= 0 {
		c.MaxSessions = DefaultMaxSessions
	}
	if c.StartTimeout <= 0 {
		c.StartTimeout = DefaultStartTimeout
	}
	if c.FFmpeg == "" {
		c.FFmpeg = "ffmpeg"
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.DiscardHandler)
	}
	return nil
}

// newAPI builds the WebRTC stack every session shares: the codecs the
// ingest takes, NACK, receiver reports and transport-wide congestion
// feedback (without which a browser's bandwidth estimate, and so its
// bitrate, never rises), and ICE on the one UDP port.
func newAPI(cfg Config) (*webrtc.API, ice.UDPMux, error) {
	media := &webrtc.MediaEngine{}
	if err := registerCodecs(media); err != nil {
		return nil, nil, err
	}
	interceptors := &interceptor.Registry{}
	if err := webrtc.RegisterDefaultInterceptors(media, interceptors); err != nil {
		return nil, nil, fmt.Errorf("whip: interceptors: %w", err)
	}
	mux := webrtc.NewICEUDPMux(nil, cfg.UDP)
	settings := webrtc.SettingEngine{}
	settings.SetICEUDPMux(mux)
	settings.SetNetworkTypes([]webrtc.NetworkType{webrtc.NetworkTypeUDP4, webrtc.NetworkTypeUDP6})
	// The publisher's candidates are learnt from its checks; mDNS names
	// (how browsers hide their addresses) would only cost lookups.
	settings.SetICEMulticastDNSMode(ice.MulticastDNSModeDisabled)
	settings.SetICETimeouts(iceDisconnected, iceFailed, iceKeepAlive)
	// A port on loopback is the devstack's or a test's: announce it.
	if addr, ok := cfg.UDP.LocalAddr().(*net.UDPAddr); ok && addr.IP.IsLoopback() {
		settings.SetIncludeLoopbackCandidate(true)
	}
	if len(cfg.PublicIPs) > 0 {
		err := settings.SetICEAddressRewriteRules(webrtc.ICEAddressRewriteRule{
			External: cfg.PublicIPs, AsCandidateType: webrtc.ICECandidateTypeHost, Mode: webrtc.ICEAddressRewriteReplace})
		if err != nil {
			_ = mux.Close()
			return nil, nil, fmt.Errorf("whip: public IPs: %w", err)
		}
	}
	api := webrtc.NewAPI(webrtc.WithMediaEngine(media), webrtc.WithInterceptorRegistry(interceptors),
		webrtc.WithSettingEngine(settings))
	return api, mux, nil
}
