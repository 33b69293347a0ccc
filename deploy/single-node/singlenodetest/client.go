package singlenodetest

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"net"
	"net/http"
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// HTTPClient trusts the CAs of bundle (pebble's), and nothing else, and
// reaches every name at 127.0.0.1 (the test's public name resolves nowhere).
func HTTPClient(t testing.TB, bundle string) *http.Client {
	t.Helper()
	pem, err := os.ReadFile(bundle) //nolint:gosec // G304: the test's own file
	require.NoError(t, err)
	pool := x509.NewCertPool()
	require.True(t, pool.AppendCertsFromPEM(pem))
	dialer := &net.Dialer{}
	return &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{
		DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			_, port, err := net.SplitHostPort(addr)
			if err != nil {
				return nil, err
			}
			return dialer.DialContext(ctx, network, net.JoinHostPort("127.0.0.1", port))
		},
		TLSClientConfig: &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}}}
}
