package singlenodetest

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/json"
	"encoding/pem"
	"fmt"
	"io"
	"math/big"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// Pebble is a running pebble, the ACME test server.
type Pebble struct {
	// DirectoryURL is its ACME directory (VIDHOST_ACME_DIRECTORY_URL).
	DirectoryURL string
	// CABundle is a PEM file with the CA of pebble's own HTTPS and, after
	// start, the root pebble issues under: SSL_CERT_FILE for the server
	// (to talk ACME) and for the CLI (to trust the issued certificate).
	CABundle string
}

// StartPebble runs pebble (make tools installs it) validating challenges
// on httpPort (http-01) and tlsPort (tls-alpn-01) of the address the DNS
// server at dnsAddr gives. It stops with the test.
func StartPebble(t testing.TB, dnsAddr string, httpPort, tlsPort int) *Pebble {
	t.Helper()
	binary, err := exec.LookPath("pebble")
	require.NoError(t, err, "pebble is needed: make tools")
	dir := t.TempDir()
	caPEM, certFile, keyFile := selfSignedCA(t, dir)
	listen, mgmt := freePort(t), freePort(t)
	config := map[string]any{"pebble": map[string]any{
		"listenAddress": fmt.Sprintf("127.0.0.1:%d", listen), "managementListenAddress": fmt.Sprintf("127.0.0.1:%d", mgmt),
		"certificate": certFile, "privateKey": keyFile, "httpPort": httpPort, "tlsPort": tlsPort,
		"externalAccountBindingRequired": false, "keyAlgorithm": "ecdsa",
		"profiles": map[string]any{"default": map[string]any{"description": "default", "validityPeriod": 7776000}},
	}}
	configFile := filepath.Join(dir, "pebble.json")
	body, err := json.Marshal(config)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(configFile, body, 0o600))
	cmd := exec.Command(binary, "-config", configFile, "-dnsserver", dnsAddr) //nolint:gosec // G204: the test's own pebble
	// No random sleeps before validating; no nonces refused on purpose.
	cmd.Env = append(os.Environ(), "PEBBLE_VA_NOSLEEP=1", "PEBBLE_WFE_NONCEREJECT=0")
	cmd.Stdout, cmd.Stderr = testWriter{t, "pebble"}, testWriter{t, "pebble"}
	require.NoError(t, cmd.Start())
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })

	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(caPEM)
	client := &http.Client{Timeout: 5 * time.Second, Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}}}
	p := &Pebble{DirectoryURL: fmt.Sprintf("https://127.0.0.1:%d/dir", listen), CABundle: filepath.Join(dir, "ca-bundle.pem")}
	var root []byte
	require.Eventually(t, func() bool {
		root, err = get(client, fmt.Sprintf("https://127.0.0.1:%d/roots/0", mgmt))
		return err == nil
	}, 30*time.Second, 100*time.Millisecond, "pebble did not start")
	require.NoError(t, os.WriteFile(p.CABundle, append(caPEM, root...), 0o600))
	return p
}

func get(client *http.Client, url string) ([]byte, error) {
	resp, err := client.Get(url)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("%s: %s", url, resp.Status)
	}
	return io.ReadAll(resp.Body)
}

// selfSignedCA makes a CA and, signed by it, pebble's own certificate for
// 127.0.0.1; it returns the CA's PEM and the certificate's and key's files.
func selfSignedCA(t testing.TB, dir string) ([]byte, string, string) {
	caKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	require.NoError(t, err)
	caTemplate := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "vidhost test CA"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(24 * time.Hour), IsCA: true,
		KeyUsage: x509.KeyUsageCertSign, BasicConstraintsValid: true}
	caDER, err := x509.CreateCertificate(rand.Reader, caTemplate, caTemplate, &caKey.PublicKey, caKey)
	require.NoError(t, err)
	ca, err := x509.ParseCertificate(caDER)
	require.NoError(t, err)
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	require.NoError(t, err)
	leaf := &x509.Certificate{SerialNumber: big.NewInt(2), Subject: pkix.Name{CommonName: "pebble"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(24 * time.Hour),
		IPAddresses: []net.IP{net.IPv4(127, 0, 0, 1)}, DNSNames: []string{"localhost"},
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}}
	leafDER, err := x509.CreateCertificate(rand.Reader, leaf, ca, &key.PublicKey, caKey)
	require.NoError(t, err)
	keyDER, err := x509.MarshalECPrivateKey(key)
	require.NoError(t, err)
	certFile, keyFile := filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	require.NoError(t, os.WriteFile(certFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: leafDER}), 0o600))
	require.NoError(t, os.WriteFile(keyFile, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: keyDER}), 0o600))
	return pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: caDER}), certFile, keyFile
}

func freePort(t testing.TB) int {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer lis.Close()
	return lis.Addr().(*net.TCPAddr).Port
}

// testWriter logs a process's output through the test.
type testWriter struct {
	t    testing.TB
	name string
}

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Logf("%s: %s", w.name, p)
	return len(p), nil
}
