package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/vidhost/vidhost/pkg/lifecycle"
	"github.com/vidhost/vidhost/services/live/internal/whip"
)

// WHIPSettings are WHIP ingest's (docs/live.md, "Going live from the
// browser"): publishers POST their offer to the HTTP address, and their
// media arrive on the one UDP port.
type WHIPSettings struct {
	// Addr is where WHIP publishers POST their offers (HTTP, any path:
	// http://host:8889/whip for OBS); empty turns WHIP off. The gateway's
	// route for browsers forwards to it (package whip says what it
	// forwards).
	Addr string `env:"VIDHOST_LIVE_WHIP_ADDR"`
	// UDPAddr is the UDP port every WHIP session's ICE and media use:
	// the one port to open in a firewall. A host candidate is announced
	// for each address it listens on (every interface's for 0.0.0.0).
	UDPAddr string `env:"VIDHOST_LIVE_WHIP_UDP_ADDR" envDefault:"127.0.0.1:8189"`
	// PublicIPs are announced instead of UDPAddr's own addresses, for a
	// server behind 1:1 NAT (a cloud VM's public IP): publishers cannot
	// reach its private address.
	PublicIPs []string `env:"VIDHOST_LIVE_WHIP_PUBLIC_IPS" envSeparator:","`
}

func (w WHIPSettings) validate() error {
	if w.Addr == "" {
		return nil
	}
	var errs []error
	if w.UDPAddr == "" {
		errs = append(errs, errors.New("VIDHOST_LIVE_WHIP_UDP_ADDR must be set when VIDHOST_LIVE_WHIP_ADDR is"))
	}
	for _, ip := range w.PublicIPs {
		if net.ParseIP(ip) == nil {
			errs = append(errs, fmt.Errorf("VIDHOST_LIVE_WHIP_PUBLIC_IPS: %q is not an IP address", ip))
		}
	}
	return errors.Join(errs...)
}

// The WHIP listener's bounds: an offer is a few KB, and its answer waits
// for the key check and the candidates (5 s each at most).
const (
	whipReadTimeout  = 10 * time.Second
	whipWriteTimeout = 30 * time.Second
	whipIdleTimeout  = time.Minute
	whipMaxHeader    = 16 << 10
)

// startWHIP serves WHIP publishers, admitted by in, or does nothing when
// WHIP is off. Its cleanup, pushed on the stack, runs once the runs have
// ended (their sessions with them): it stops the listener, then closes
// what sessions remain and the UDP port.
func startWHIP(ctx context.Context, cfg WHIPSettings, opts Options, ffmpeg string, in whip.Ingest, logger *slog.Logger, stack *lifecycle.Stack) error {
	lis, udp := opts.WHIPListener, opts.WHIPUDP
	if lis == nil && cfg.Addr == "" {
		logger.Info("whip ingest off (VIDHOST_LIVE_WHIP_ADDR is empty)")
		return nil
	}
	closeListener := func() {
		if lis != nil {
			_ = lis.Close()
		}
	}
	var err error
	if udp == nil {
		if udp, err = net.ListenPacket("udp", cfg.UDPAddr); err != nil {
			closeListener()
			return fmt.Errorf("whip udp: %w", err)
		}
	}
	handler, err := whip.New(whip.Config{UDP: udp, PublicIPs: cfg.PublicIPs, FFmpeg: ffmpeg, Logger: logger}, in)
	if err != nil {
		closeListener()
		_ = udp.Close()
		return err
	}
	if lis == nil {
		if lis, err = net.Listen("tcp", cfg.Addr); err != nil {
			_ = handler.Close()
			_ = udp.Close()
			return fmt.Errorf("whip: %w", err)
		}
	}
	srv := &http.Server{Handler: handler, ReadHeaderTimeout: whipReadTimeout, ReadTimeout: whipReadTimeout,
		WriteTimeout: whipWriteTimeout, IdleTimeout: whipIdleTimeout, MaxHeaderBytes: whipMaxHeader,
		BaseContext: func(net.Listener) context.Context { return context.WithoutCancel(ctx) }}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(lis) }()
	// Stop taking offers, then close what sessions remain and the port.
	stack.Push("whip listener", func(shutdownCtx context.Context) error {
		err := srv.Shutdown(shutdownCtx)
		if serveErr := <-served; !errors.Is(serveErr, http.ErrServerClosed) {
			err = errors.Join(err, serveErr)
		}
		return errors.Join(err, handler.Close()) // the port with it
	})
	logger.Info("whip serving", "http", lis.Addr().String(), "udp", udp.LocalAddr().String(), "public_ips", cfg.PublicIPs)
	return nil
}
