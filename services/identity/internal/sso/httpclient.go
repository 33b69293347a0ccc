package sso

import (
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"syscall"
	"time"
)

// Bounds of every request the server makes to an identity provider: the
// issuer URL is an admin's input, so it is fetched as untrusted.
const (
	fetchTimeout     = 15 * time.Second
	maxResponseBytes = 1 << 20 // discovery documents, key sets and tokens are a few KiB
	maxRedirects     = 3
)

// errBlockedAddress is a provider address the server will not reach.
var errBlockedAddress = errors.New("sso: identity provider address is not allowed")

// cgnat is carrier-grade NAT space, often internal in clouds.
var cgnat = netip.MustParsePrefix("100.64.0.0/10")

// GuardedClient is the HTTP client discovery, key sets, the code exchange
// and user info go through: public addresses only (loopback too when the
// policy admits loopback issuers), checked at dial time so DNS rebinding
// and redirects are covered; bounded time and response size. The transcode
// fetcher's stricter list of ranges is the model (services/transcode/internal/fetch).
func GuardedClient(policy IssuerPolicy) *http.Client {
	dialer := &net.Dialer{Timeout: 5 * time.Second, Control: dialControl(policy)}
	transport := &http.Transport{
		Proxy:                  nil, // a proxy would dial for us, past the check
		DialContext:            dialer.DialContext,
		TLSHandshakeTimeout:    5 * time.Second,
		ResponseHeaderTimeout:  10 * time.Second,
		MaxResponseHeaderBytes: 64 << 10,
		MaxIdleConns:           10,
		IdleConnTimeout:        30 * time.Second,
	}
	return &http.Client{
		Timeout:   fetchTimeout,
		Transport: limitedTransport{next: transport},
		CheckRedirect: func(_ *http.Request, via []*http.Request) error {
			if len(via) >= maxRedirects {
				return fmt.Errorf("sso: more than %d redirects", maxRedirects)
			}
			return nil
		},
	}
}

func dialControl(policy IssuerPolicy) func(string, string, syscall.RawConn) error {
	return func(_, address string, _ syscall.RawConn) error {
		ap, err := netip.ParseAddrPort(address)
		if err != nil || !allowedAddress(ap.Addr().Unmap(), policy) {
			return fmt.Errorf("%w: %s", errBlockedAddress, address)
		}
		return nil
	}
}

// allowedAddress reports whether the server may connect to addr.
func allowedAddress(addr netip.Addr, policy IssuerPolicy) bool {
	if addr.IsLoopback() {
		return policy.AllowLoopbackHTTP
	}
	return addr.IsGlobalUnicast() && !addr.IsPrivate() && !cgnat.Contains(addr)
}

// limitedTransport fails a response body that grows past maxResponseBytes.
type limitedTransport struct{ next http.RoundTripper }

func (t limitedTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := t.next.RoundTrip(r)
	if err != nil {
		return nil, err
	}
	resp.Body = &limitedBody{ReadCloser: resp.Body, left: maxResponseBytes}
	return resp, nil
}

type limitedBody struct {
	io.ReadCloser
	left int64
}

func (b *limitedBody) Read(p []byte) (int, error) {
	if b.left <= 0 {
		return 0, fmt.Errorf("sso: identity provider response is larger than %d bytes", maxResponseBytes)
	}
	if int64(len(p)) > b.left {
		p = p[:b.left+1] // one byte more tells "exactly the limit" from "over it"
	}
	n, err := b.ReadCloser.Read(p)
	b.left -= int64(n)
	if b.left < 0 {
		return n, fmt.Errorf("sso: identity provider response is larger than %d bytes", maxResponseBytes)
	}
	return n, err
}
