package natsx

import (
	"errors"
	"fmt"
	"net"
	"net/url"
	"strings"

	"github.com/nats-io/nats.go"
)

// transport returns the TLS options of s for the servers of urls. Traffic
// that leaves the machine must be encrypted: a non-loopback server without
// TLS is refused. Loopback may stay plaintext (the devstack).
func (s Settings) transport(urls string) ([]nats.Option, error) {
	if (s.CertFile == "") != (s.KeyFile == "") {
		return nil, errors.New("VIDHOST_NATS_CERT_FILE and VIDHOST_NATS_KEY_FILE go together")
	}
	servers, err := parseServers(urls)
	if err != nil {
		return nil, err
	}
	var opts []nats.Option
	if s.CAFile != "" {
		opts = append(opts, nats.RootCAs(s.CAFile))
	}
	if s.CertFile != "" {
		opts = append(opts, nats.ClientCert(s.CertFile, s.KeyFile))
	}
	if s.CAFile != "" || s.CertFile != "" || allTLS(servers) {
		return append(opts, nats.Secure()), nil
	}
	for _, u := range servers {
		if !isLoopback(u.Hostname()) {
			return nil, fmt.Errorf("VIDHOST_NATS_URL %s is not on loopback: set VIDHOST_NATS_CA_FILE (TLS) or use a tls:// URL", u.Redacted())
		}
	}
	// Plaintext stays on this machine: do not follow the servers a cluster
	// advertises, which may not be local.
	return append(opts, nats.IgnoreDiscoveredServers()), nil
}

// parseServers reads a comma-separated list of server URLs, as nats.go does
// (a URL without a scheme is nats://).
func parseServers(urls string) ([]*url.URL, error) {
	var servers []*url.URL
	for _, raw := range strings.Split(urls, ",") {
		raw = strings.TrimSpace(raw)
		if !strings.Contains(raw, "://") {
			raw = "nats://" + raw
		}
		u, err := url.Parse(raw)
		if err != nil || u.Hostname() == "" {
			return nil, fmt.Errorf("VIDHOST_NATS_URL has an invalid server %q", raw)
		}
		servers = append(servers, u)
	}
	return servers, nil
}

func allTLS(servers []*url.URL) bool {
	for _, u := range servers {
		if u.Scheme != "tls" {
			return false
		}
	}
	return true
}

func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
