package stack

import (
	"context"
	"crypto/tls"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"time"
)

// healthClient reaches the gateway's /healthz: at its URL for the devstack;
// on a server, through the public listener's own address (the public name
// need not resolve to this machine yet), with the public name as TLS
// server name so an ACME certificate is obtained before start-up ends.
func (s *Stack) healthClient() (*http.Client, string) {
	client := &http.Client{Timeout: 2 * time.Second}
	if !s.production() {
		return client, s.URL + "/healthz"
	}
	addr, host := s.prod.Listener.Addr().String(), hostOf(s.prod.PublicURL)
	dialer := &net.Dialer{}
	client.Timeout = 10 * time.Second // the first request may wait for the ACME order
	client.Transport = &http.Transport{
		DialContext: func(ctx context.Context, network, _ string) (net.Conn, error) {
			return dialer.DialContext(ctx, network, addr)
		},
		// Only liveness is asked here; the certificate is the ACME server's business.
		TLSClientConfig: &tls.Config{ServerName: host, InsecureSkipVerify: true}, //nolint:gosec // G402: a health probe of our own listener
	}
	scheme := "http"
	if s.prod.TLS {
		scheme = "https"
	}
	return client, scheme + "://" + host + "/healthz"
}

func hostOf(rawURL string) string {
	u, err := url.Parse(rawURL)
	if err != nil {
		return ""
	}
	return u.Hostname()
}

// waitHealthy polls the gateway's /healthz until every backend answers.
func (s *Stack) waitHealthy(ctx context.Context) error {
	deadline := time.Now().Add(startTimeout)
	client, healthURL := s.healthClient()
	for time.Now().Before(deadline) {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, healthURL, nil)
		if resp, err := client.Do(req); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		select {
		case err := <-s.failed:
			return err
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
	}
	return fmt.Errorf("gateway at %s not healthy within %s", s.URL, startTimeout)
}
