package singlenodetest

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/config"
	"github.com/vidhost/vidhost/pkg/dnstest"
	"github.com/vidhost/vidhost/pkg/mailpit"
	"github.com/vidhost/vidhost/pkg/pgserver"
)

// Host is the public name of a test installation: pebble's validation
// reaches it through dnstest, the CLI through a proxy (startProxy), the
// test's own client by dialling 127.0.0.1 (HTTPClient). autocert wants a
// name of two labels at least.
const Host = "video.vidhost.test"

// Installation is one set-up single server: installed binaries, its
// configuration and data, its database, its ACME server and mail inbox.
type Installation struct {
	Prefix, ConfigPath, DataDir string
	// DatabaseURL is the operator's role (CREATEROLE, owns the database).
	DatabaseURL string
	// clusterURL is the cluster's superuser, which drops and creates the
	// database (DropDatabase).
	clusterURL string
	// URL is the public HTTPS URL (https://localhost:PORT).
	URL    string
	Pebble *Pebble
	Mail   *mailpit.Server
	// Env is what the server and the CLI run with (SSL_CERT_FILE trusts pebble).
	Env []string
	// proxy takes the CLI to the test's public name.
	proxy string
}

// Setup installs, starts PostgreSQL, pebble and Mailpit, and runs
// `vidhost-server init` with HTTPS from pebble.
func Setup(t testing.TB) *Installation {
	t.Helper()
	in := &Installation{Prefix: Install(t), proxy: startProxy(t)}
	in.DatabaseURL, in.clusterURL = operatorDatabase(t)
	dir := t.TempDir()
	in.ConfigPath, in.DataDir = filepath.Join(dir, "etc", "vidhost.env"), filepath.Join(dir, "data")
	httpsPort, acmePort := freePort(t), freePort(t)
	in.URL = fmt.Sprintf("https://%s:%d", Host, httpsPort)
	dns, err := dnstest.Start()
	require.NoError(t, err)
	t.Cleanup(func() { _ = dns.Close() })
	dns.SetA(Host, net.IPv4(127, 0, 0, 1))
	in.Pebble = StartPebble(t, dns.Addr, acmePort, httpsPort)
	in.Mail, err = mailpit.Start(context.Background())
	require.NoError(t, err)
	t.Cleanup(in.Mail.Stop)
	in.Env = append(os.Environ(), "SSL_CERT_FILE="+in.Pebble.CABundle,
		// A devstack beside the test keeps its fixed ports.
		"VIDHOST_ADMIN_ADDR=127.0.0.1:0", "VIDHOST_LIVE_RTMP_ADDR=127.0.0.1:0", "VIDHOST_LIVE_SRT_ADDR=", "VIDHOST_LIVE_HTTP_ADDR=127.0.0.1:0",
		"VIDHOST_ACME_HTTP_ADDR="+fmt.Sprintf("127.0.0.1:%d", acmePort),
		"VIDHOST_SMTP_HOST="+in.Mail.SMTPHost, fmt.Sprintf("VIDHOST_SMTP_PORT=%d", in.Mail.SMTPPort))
	out, err := in.Command("vidhost-server", "init", "--data", in.DataDir, "--config", in.ConfigPath, "--url", in.URL,
		"--owner-email", "owner@example.com", "--database-url", in.DatabaseURL, "--http-addr", fmt.Sprintf("127.0.0.1:%d", httpsPort),
		"--acme-directory-url", in.Pebble.DirectoryURL).CombinedOutput()
	require.NoError(t, err, "vidhost-server init: %s", out)
	return in
}

// Command is an installed binary with the installation's environment.
func (in *Installation) Command(name string, args ...string) *exec.Cmd {
	cmd := exec.Command(filepath.Join(in.Prefix, "bin", name), args...) //nolint:gosec // G204: the installed binaries
	cmd.Env = in.Env
	if name == "vidhost" {
		cmd.Env = append(cmd.Env, "HTTPS_PROXY="+in.proxy)
	}
	return cmd
}

// OwnerAPIKey is the first API key init handed over.
func (in *Installation) OwnerAPIKey(t testing.TB) string {
	saved, err := config.ReadEnvFile(filepath.Join(in.DataDir, "initial-owner.env"))
	require.NoError(t, err)
	return saved["VIDHOST_API_KEY"]
}

// Server is a running `vidhost-server run`.
type Server struct {
	cmd  *exec.Cmd
	done chan error
}

// Start runs the installed server and waits until its gateway answers
// over HTTPS with pebble's certificate.
func (in *Installation) Start(t testing.TB) *Server {
	t.Helper()
	s := &Server{cmd: in.Command("vidhost-server", "run", "--config", in.ConfigPath), done: make(chan error, 1)}
	s.cmd.Stdout, s.cmd.Stderr = testWriter{t, "vidhost-server"}, testWriter{t, "vidhost-server"}
	require.NoError(t, s.cmd.Start())
	go func() { s.done <- s.cmd.Wait() }()
	t.Cleanup(func() {
		if s.cmd.ProcessState == nil {
			_ = s.cmd.Process.Kill()
			<-s.done //nolint:errcheck // killed: its exit status says nothing
		}
	})
	client := HTTPClient(t, in.Pebble.CABundle)
	require.Eventually(t, func() bool {
		select {
		case err := <-s.done:
			s.done <- err
			t.Fatalf("vidhost-server run stopped before it served: %v", err)
		default:
		}
		_, err := get(client, in.URL+"/healthz")
		return err == nil
	}, 3*time.Minute, 250*time.Millisecond, "vidhost-server did not serve %s", in.URL)
	return s
}

// Stop sends SIGTERM, as systemd does, and returns how the process ended
// and how long the drain took (the error is nil for exit status 0).
func (s *Server) Stop(t testing.TB, within time.Duration) (time.Duration, error) {
	t.Helper()
	started := time.Now()
	require.NoError(t, s.cmd.Process.Signal(syscall.SIGTERM))
	select {
	case err := <-s.done:
		return time.Since(started), err
	case <-time.After(within):
		t.Fatalf("vidhost-server did not stop within %s of SIGTERM", within)
		return 0, nil
	}
}

// OperatorDatabase starts a private PostgreSQL with the role
// docs/single-node.md has the operator create: CREATEROLE, owner of
// database vidhost, no superuser. It returns that role's URL.
func OperatorDatabase(t testing.TB) string {
	t.Helper()
	url, _ := operatorDatabase(t)
	return url
}

// operatorDatabase is OperatorDatabase that also returns the superuser's
// URL.
func operatorDatabase(t testing.TB) (operator, superuser string) {
	t.Helper()
	require.NoError(t, pgserver.Available())
	// PostgreSQL runs as its own user under root: it must traverse the
	// directory (t.TempDir's parent is 0700).
	dir, err := os.MkdirTemp("", "vidhost-single-node-pg-")
	require.NoError(t, err)
	require.NoError(t, os.Chmod(dir, 0o755)) //nolint:gosec // G302: see above
	t.Cleanup(func() { _ = os.RemoveAll(dir) })
	cluster, err := pgserver.StartCluster(context.Background(), filepath.Join(dir, "pg"))
	require.NoError(t, err)
	t.Cleanup(func() { _ = cluster.Stop() })
	conn, err := pgx.Connect(context.Background(), cluster.URL())
	require.NoError(t, err)
	defer conn.Close(context.Background())
	for _, statement := range []string{"CREATE ROLE vidhost LOGIN CREATEROLE PASSWORD 'operator'", "CREATE DATABASE vidhost OWNER vidhost"} {
		_, err := conn.Exec(context.Background(), statement)
		require.NoError(t, err)
	}
	return fmt.Sprintf("postgres://vidhost:operator@127.0.0.1:%d/vidhost?sslmode=disable", cluster.Port()), cluster.URL()
}

// DropDatabase deletes the installation's database and creates it again,
// empty and owned by the operator, as after a lost disk: the cluster's
// roles (the service roles init made) stay, as docs/backup.md assumes.
func (in *Installation) DropDatabase(t testing.TB) {
	t.Helper()
	conn, err := pgx.Connect(context.Background(), in.clusterURL)
	require.NoError(t, err)
	defer conn.Close(context.Background())
	for _, statement := range []string{"DROP DATABASE vidhost WITH (FORCE)", "CREATE DATABASE vidhost OWNER vidhost"} {
		_, err := conn.Exec(context.Background(), statement)
		require.NoError(t, err)
	}
}
