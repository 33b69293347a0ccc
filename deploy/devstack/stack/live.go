package stack

import (
	"context"
	"fmt"
	"net"
	"net/url"
	"os"
	"path/filepath"

	"github.com/vidhost/vidhost/pkg/config"
	liveapp "github.com/vidhost/vidhost/services/live/app"
)

// liveListeners are the live service's ingest ports, opened before the
// catalog so their URLs are known.
type liveListeners struct {
	rtmp net.Listener
	srt  *liveapp.SRTListener // nil: no SRT
	http net.Listener         // LL-HLS for the edge; nil: off
	whip whipListeners        // nil listeners: off
}

// whipListeners are WHIP's offer port (HTTP, the edge's target) and its
// media's UDP port.
type whipListeners struct {
	http net.Listener
	udp  net.PacketConn
}

func (l liveListeners) close() {
	_ = l.rtmp.Close()
	if l.srt != nil {
		_ = l.srt.Close()
	}
	if l.http != nil {
		_ = l.http.Close()
	}
	if l.whip.http != nil {
		_ = l.whip.http.Close()
		_ = l.whip.udp.Close()
	}
}

// listenWHIP opens WHIP's two ports and sets liveWHIPURL, which the
// gateway forwards /v2/videos/{id}/whip to; it returns none when WHIP is
// off.
func (s *Stack) listenWHIP() (whipListeners, error) {
	if s.cfg.LiveWHIPAddr == "" {
		return whipListeners{}, nil
	}
	udpAddr := s.cfg.LiveWHIPUDPAddr
	if udpAddr == "" { // a Config built in code: a free loopback port
		udpAddr = "127.0.0.1:0"
	}
	udp, err := net.ListenPacket("udp", udpAddr)
	if err != nil {
		return whipListeners{}, fmt.Errorf("live WHIP UDP address %s: %w", udpAddr, err)
	}
	lis, err := net.Listen("tcp", s.cfg.LiveWHIPAddr)
	if err != nil {
		_ = udp.Close()
		return whipListeners{}, fmt.Errorf("live WHIP address %s: %w", s.cfg.LiveWHIPAddr, err)
	}
	s.liveWHIPURL = "http://" + lis.Addr().String()
	return whipListeners{http: lis, udp: udp}, nil
}

// listenLiveHTTP opens the live service's internal HTTP port (LL-HLS for
// the edge), or returns nil when it is off. On a server it listens where
// configured; the gateway reaches it on the same machine.
func (s *Stack) listenLiveHTTP() (net.Listener, error) {
	addr := s.cfg.LiveHTTPAddr
	if addr == "" {
		return nil, nil
	}
	lis, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("live HTTP address %s: %w", addr, err)
	}
	return lis, nil
}

// listenRTMP opens the live service's RTMP port and sets LiveRTMPURL.
func (s *Stack) listenRTMP() (net.Listener, error) {
	addr := s.cfg.LiveRTMPAddr
	if addr == "" { // a Config built in code (benchmarks): a free loopback port
		addr = "127.0.0.1:0"
	}
	lis, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("live RTMP address %s: %w", addr, err)
	}
	s.LiveRTMPURL = s.ingestURL("rtmp", lis.Addr(), "/live", s.cfg.LiveRTMPPublicURL)
	return lis, nil
}

// listenSRT opens the live service's SRT port and sets LiveSRTURL; it
// returns nil (and leaves the URL empty) when SRT is off or this build has
// none.
func (s *Stack) listenSRT() (*liveapp.SRTListener, error) {
	addr := s.cfg.LiveSRTAddr
	if addr == "" || !liveapp.SRTAvailable {
		if addr != "" {
			s.logger.Warn("live: no SRT ingest in this build (built without cgo or with the nosrt tag)")
		}
		return nil, nil
	}
	lis, err := liveapp.ListenSRT(addr, liveapp.DefaultSRTLatency)
	if err != nil {
		return nil, fmt.Errorf("live SRT address %s: %w", addr, err)
	}
	s.LiveSRTURL = s.ingestURL("srt", lis.Addr(), "", s.cfg.LiveSRTPublicURL)
	return lis, nil
}

// ingestURL is the ingest base publishers are given: the configured one,
// or on a server the public URL's host with the listener's port (a
// listener on ":1935" says nothing about the name publishers use), or the
// listener's own address on the devstack's loopback.
func (s *Stack) ingestURL(scheme string, addr net.Addr, path, configured string) string {
	if configured != "" {
		return configured
	}
	host := addr.String()
	if s.production() {
		if public, err := url.Parse(s.prod.PublicURL); err == nil && public.Hostname() != "" {
			_, port, _ := net.SplitHostPort(addr.String())
			host = net.JoinHostPort(public.Hostname(), port)
		}
	}
	return scheme + "://" + host + path
}

// startLive runs the live service on its listeners (docs/live.md); it
// checks stream keys with the catalog at catalogAddr.
func (s *Stack) startLive(lis liveListeners, catalogAddr string) error {
	var cfg liveapp.Config
	if err := config.Load(&cfg); err != nil {
		lis.close()
		return err
	}
	cfg.NATSURL, cfg.InternalSecret, cfg.LogLevel, cfg.CatalogAddr = s.natsURL, s.secret, s.cfg.LogLevel, catalogAddr
	cfg.RestreamAllowLoopback = restreamAllowLoopback()
	cfg.Blob = s.blobSettings()
	if lis.srt == nil {
		cfg.SRTAddr = "" // the devstack decided: no SRT
	}
	if lis.http == nil {
		cfg.HTTPAddr = "" // the devstack decided: no LL-HLS
	}
	if cfg.WorkDir == "" {
		cfg.WorkDir = filepath.Join(s.varDir, "live")
	}
	if err := os.MkdirAll(cfg.WorkDir, 0o750); err != nil {
		lis.close()
		return err
	}
	s.run("live", func(ctx context.Context) error {
		return liveapp.Run(ctx, cfg, s.serviceLogger("live"), liveapp.Options{RTMPListener: lis.rtmp, SRTListener: lis.srt, HTTPListener: lis.http,
			WHIPListener: lis.whip.http, WHIPUDP: lis.whip.udp})
	})
	return nil
}

// restreamAllowLoopback is the devstack's VIDHOST_RESTREAM_ALLOW_LOOPBACK,
// read by the catalog and the live service alike: on unless set, so a
// restream to a local receiver (ffmpeg -listen 1) works; private and
// link-local addresses stay refused.
func restreamAllowLoopback() bool {
	v := os.Getenv("VIDHOST_RESTREAM_ALLOW_LOOPBACK")
	return v == "" || v == "true" || v == "1"
}
