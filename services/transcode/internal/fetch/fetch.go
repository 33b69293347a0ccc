package fetch

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"time"

	"github.com/vidhost/vidhost/pkg/netguard"
)

// Fetcher downloads sources. It is safe for concurrent use.
type Fetcher struct {
	opts   Options
	client *http.Client
}

// New builds a Fetcher with its own transport: no proxy from the
// environment (a proxy would make every dial look like the proxy's address).
func New(opts Options) *Fetcher {
	allowed := netguard.Allow(netguard.PublicOnly)
	if len(opts.Trusted) > 0 || opts.AllowLoopback {
		allowed = netguard.PublicOr(opts.Trusted, opts.AllowLoopback)
	}
	if opts.AllowPrivate {
		allowed = netguard.AnyAddress
	}
	return newFetcher(withDefaults(opts), allowed)
}

func newFetcher(opts Options, allowed netguard.Allow) *Fetcher {
	dialer := &net.Dialer{Timeout: opts.HeaderTimeout, KeepAlive: 30 * time.Second, Control: netguard.Control(allowed, ErrBlockedAddress)}
	transport := &http.Transport{
		Proxy:                 nil,
		DialContext:           dialer.DialContext,
		TLSHandshakeTimeout:   opts.HeaderTimeout,
		ResponseHeaderTimeout: opts.HeaderTimeout,
		DisableCompression:    true, // store the file as sent, and count its real bytes
		ForceAttemptHTTP2:     true,
		MaxIdleConns:          10,
		IdleConnTimeout:       30 * time.Second,
	}
	client := &http.Client{Transport: transport, CheckRedirect: checkRedirect(opts.MaxRedirects)}
	return &Fetcher{opts: opts, client: client}
}

// Fetch downloads rawURL to path and returns the number of bytes written.
// On any error nothing is left at path.
func (f *Fetcher) Fetch(ctx context.Context, rawURL, path string) (int64, error) {
	return f.FetchAtMost(ctx, rawURL, path, 0)
}

// FetchAtMost is Fetch with a tighter size cap for this download (the
// account's upload quota, say); limit <= 0 keeps Options.MaxBytes.
func (f *Fetcher) FetchAtMost(ctx context.Context, rawURL, path string, limit int64) (int64, error) {
	maxBytes := f.opts.MaxBytes
	if limit > 0 {
		maxBytes = min(maxBytes, limit)
	}
	u, err := url.Parse(rawURL)
	if err != nil {
		return 0, fmt.Errorf("source URL: %w", err)
	}
	if err := checkScheme(u); err != nil {
		return 0, err
	}
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	timer := time.AfterFunc(f.opts.Timeout, func() { cancel(ErrTimeout) })
	defer timer.Stop()
	resp, err := f.get(ctx, u)
	if err != nil {
		return 0, explain(ctx, err)
	}
	defer resp.Body.Close()
	if resp.ContentLength > maxBytes {
		return 0, fmt.Errorf("%w of %d bytes", ErrTooLarge, maxBytes)
	}
	body := newIdleReader(resp.Body, f.opts.IdleTimeout, func() { cancel(ErrIdle) })
	defer body.stop()
	written, err := writeFile(path, body, maxBytes)
	if err != nil {
		return 0, explain(ctx, err)
	}
	return written, nil
}

func (f *Fetcher) get(ctx context.Context, u *url.URL) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("User-Agent", f.opts.UserAgent)
	resp, err := f.client.Do(req)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != http.StatusOK {
		resp.Body.Close()
		return nil, &StatusError{Code: resp.StatusCode, Status: resp.Status}
	}
	return resp, nil
}

// explain prefers our own reason (idle, overall timeout) over the
// "context canceled" the transport reports for it.
func explain(ctx context.Context, err error) error {
	cause := context.Cause(ctx)
	if errors.Is(cause, ErrIdle) || errors.Is(cause, ErrTimeout) {
		return cause
	}
	return err
}
