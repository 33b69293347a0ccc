package restream

import (
	"context"
	"crypto/tls"
	"errors"
	"io"
	"net"
	"sync"
	"sync/atomic"

	"github.com/vidhost/vidhost/pkg/netguard"
)

// ErrBlockedAddress is the dial guard's refusal of a private address.
var ErrBlockedAddress = errors.New("restream: the output's address is not on the public internet")

// relay is the one way an output's ffmpeg reaches its server: ffmpeg
// speaks RTMP to a loopback port of this process, which dials the real
// server through netguard (the address DNS gave is checked as the
// connection is made, so a name that resolves inside the installation's
// network is refused, DNS rebinding included) and, for rtmps://, does the
// TLS with the server's name and certificate checked by crypto/tls. ffmpeg
// never dials out itself.
type relay struct {
	listener net.Listener
	target   Target
	cfg      *Config
	dialed   chan struct{} // closed once dialErr is set
	dialErr  error         // the dial's outcome: nil when connected
	heard    atomic.Bool   // the server has sent a byte
}

func newRelay(target Target, cfg *Config) (*relay, error) {
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	return &relay{listener: listener, target: target, cfg: cfg, dialed: make(chan struct{})}, nil
}

// addr is where ffmpeg connects.
func (r *relay) addr() string { return r.listener.Addr().String() }

// serve accepts ffmpeg's connection (it comes once ffmpeg has probed its
// input: a keyframe and a second or so in), dials the server and copies
// both ways until either side closes or ctx ends.
func (r *relay) serve(ctx context.Context) {
	defer r.listener.Close() //nolint:errcheck // one connection only
	stop := context.AfterFunc(ctx, func() { _ = r.listener.Close() })
	defer stop()
	local, err := r.listener.Accept()
	if err != nil {
		r.setDialed(err)
		return
	}
	defer local.Close() //nolint:errcheck // ends the copy
	remote, err := r.dial(ctx)
	r.setDialed(err)
	if err != nil {
		return
	}
	defer remote.Close() //nolint:errcheck // ends the copy
	closeBoth := context.AfterFunc(ctx, func() { _, _ = local.Close(), remote.Close() })
	defer closeBoth()
	var wg sync.WaitGroup
	pipe := func(dst net.Conn, src io.Reader) {
		_, _ = io.Copy(dst, src)
		_ = dst.Close() // one side gone: the session is over
		_ = local.Close()
	}
	wg.Go(func() { pipe(remote, local) })
	wg.Go(func() { pipe(local, &heardReader{r: remote, heard: &r.heard}) })
	wg.Wait()
}

func (r *relay) setDialed(err error) {
	r.dialErr = err
	close(r.dialed)
}

// dialOutcome says whether the dial has happened yet, and its error.
func (r *relay) dialOutcome() (bool, error) {
	select {
	case <-r.dialed:
		return true, r.dialErr
	default:
		return false, nil
	}
}

// dial connects to the target's host (port 1935 for rtmp, 443 for rtmps
// when the URL names none).
func (r *relay) dial(ctx context.Context) (net.Conn, error) {
	dialer := &net.Dialer{Timeout: r.cfg.DialTimeout, Control: netguard.Control(r.cfg.Allow, ErrBlockedAddress)}
	u := r.target.URL
	port := u.Port()
	if port == "" {
		port = map[string]string{"rtmp": "1935", "rtmps": "443"}[u.Scheme]
	}
	address := net.JoinHostPort(u.Hostname(), port)
	if u.Scheme != "rtmps" {
		return dialer.DialContext(ctx, "tcp", address)
	}
	tlsDialer := &tls.Dialer{NetDialer: dialer, Config: &tls.Config{ServerName: u.Hostname(), MinVersion: tls.VersionTLS12}}
	return tlsDialer.DialContext(ctx, "tcp", address)
}

// heardReader notes that a read returned bytes.
type heardReader struct {
	r     io.Reader
	heard *atomic.Bool
}

func (h *heardReader) Read(p []byte) (int, error) {
	n, err := h.r.Read(p)
	if n > 0 {
		h.heard.Store(true)
	}
	return n, err
}
