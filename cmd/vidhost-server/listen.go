package main

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"path/filepath"
	"sync/atomic"
	"syscall"
	"time"

	"golang.org/x/crypto/acme"
	"golang.org/x/crypto/acme/autocert"
)

// public is the gateway's listener with what serves it: TLS from files or
// ACME, or none behind a proxy.
type public struct {
	listener net.Listener
	tls      bool
	// acmeErr is the last certificate the ACME server refused, to explain a
	// start-up that never became healthy.
	acmeErr atomic.Pointer[error]
	stop    func()
}

// openPublic listens on VIDHOST_HTTP_ADDR and wraps TLS around it as
// VIDHOST_TLS says.
func openPublic(cfg serverConfig, logger *slog.Logger) (*public, error) {
	lis, err := net.Listen("tcp", cfg.stack.HTTPAddr)
	if err != nil {
		return nil, listenError("VIDHOST_HTTP_ADDR", cfg.stack.HTTPAddr, err)
	}
	p := &public{listener: lis, stop: func() {}}
	switch cfg.own.TLS {
	case "files":
		cert, err := tls.LoadX509KeyPair(cfg.own.CertFile, cfg.own.KeyFile)
		if err != nil {
			_ = lis.Close()
			return nil, fmt.Errorf("the certificate %s and key %s cannot be used: %w", cfg.own.CertFile, cfg.own.KeyFile, err)
		}
		p.listener, p.tls = tls.NewListener(lis, &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12, NextProtos: []string{"http/1.1"}}), true
	case "acme":
		if err := p.serveACME(cfg, lis, logger); err != nil {
			_ = lis.Close()
			return nil, err
		}
	}
	return p, nil
}

// serveACME wraps lis in TLS whose certificates autocert obtains and renews
// (tls-alpn-01 on this port), and answers http-01 on VIDHOST_ACME_HTTP_ADDR.
func (p *public) serveACME(cfg serverConfig, lis net.Listener, logger *slog.Logger) error {
	host := hostOf(cfg.own.PublicURL)
	manager := &autocert.Manager{
		Prompt:     autocert.AcceptTOS,
		Cache:      autocert.DirCache(filepath.Join(cfg.own.DataDir, "acme")),
		HostPolicy: autocert.HostWhitelist(host),
		Email:      cfg.own.ACMEEmail,
		Client:     &acme.Client{DirectoryURL: cfg.own.ACMEDirectoryURL},
	}
	tlsConfig := &tls.Config{
		MinVersion: tls.VersionTLS12,
		// The gateway serves HTTP/1.1 on this listener; acme-tls/1 is the challenge.
		NextProtos: []string{"http/1.1", acme.ALPNProto},
		GetCertificate: func(hello *tls.ClientHelloInfo) (*tls.Certificate, error) {
			cert, err := manager.GetCertificate(hello)
			if err != nil && hello.ServerName == host {
				p.acmeErr.Store(&err)
				logger.Error("no certificate from the ACME server", "directory", cfg.own.ACMEDirectoryURL, "error", err)
			}
			return cert, err
		},
	}
	p.listener, p.tls = tls.NewListener(lis, tlsConfig), true
	if cfg.own.ACMEHTTPAddr == "" {
		return nil
	}
	httpLis, err := net.Listen("tcp", cfg.own.ACMEHTTPAddr)
	if err != nil {
		return listenError("VIDHOST_ACME_HTTP_ADDR", cfg.own.ACMEHTTPAddr, err)
	}
	srv := &http.Server{Handler: manager.HTTPHandler(nil), ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(httpLis) }()
	p.stop = func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(ctx)
	}
	return nil
}

// explain turns a start-up failure into the ACME server's refusal when
// that is why the gateway never answered.
func (p *public) explain(err error, cfg serverConfig) error {
	if acmeErr := p.acmeErr.Load(); acmeErr != nil {
		return fmt.Errorf("the ACME server %s gave no certificate for %s: %w", cfg.own.ACMEDirectoryURL, hostOf(cfg.own.PublicURL), *acmeErr)
	}
	return err
}

// listenError says in words why an address cannot be listened on.
func listenError(key, addr string, err error) error {
	switch {
	case errors.Is(err, syscall.EADDRINUSE):
		return fmt.Errorf("%s %s is already in use by another program: stop it or choose another address", key, addr)
	case errors.Is(err, syscall.EACCES):
		return fmt.Errorf("%s %s is a privileged port: run under the systemd unit (it grants CAP_NET_BIND_SERVICE) or choose a port above 1023", key, addr)
	}
	return fmt.Errorf("%s %s: %w", key, addr, err)
}
