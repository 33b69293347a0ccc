package main

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/blob/blobtest"
	"github.com/vidhost/vidhost/pkg/mailpit"
	"github.com/vidhost/vidhost/pkg/pgserver"
)

// TestInitRunCheckStopRestart sets an installation up as docs/single-node.md
// does (a non-superuser role that may create roles and owns its database),
// serves it behind a proxy, checks it, stops it with SIGTERM and starts it
// again: no migration applies twice. About 30 s.
func TestInitRunCheckStopRestart(t *testing.T) {
	restoreEnv(t)
	adminURL := operatorDatabase(t)
	inbox, err := mailpit.Start(t.Context())
	require.NoError(t, err)
	t.Cleanup(inbox.Stop)
	// Nothing of the test may take the fixed ports of a devstack running beside it.
	t.Setenv("VIDHOST_ADMIN_ADDR", "127.0.0.1:0")
	t.Setenv("VIDHOST_LIVE_RTMP_ADDR", "127.0.0.1:0")
	t.Setenv("VIDHOST_LIVE_SRT_ADDR", "")
	t.Setenv("VIDHOST_LIVE_HTTP_ADDR", "127.0.0.1:0")
	t.Setenv("VIDHOST_SMTP_HOST", inbox.SMTPHost)
	t.Setenv("VIDHOST_SMTP_PORT", fmt.Sprint(inbox.SMTPPort))
	data, configPath, addr := filepath.Join(t.TempDir(), "data"), filepath.Join(t.TempDir(), "etc", "vidhost.env"), freeAddr(t)

	code, out := call("init", "--data", data, "--config", configPath, "--url", "http://video.test", "--owner-email", "owner@example.com",
		"--database-url", adminURL, "--tls", "proxy", "--http-addr", addr)
	require.Equal(t, 0, code, out)
	assert.Contains(t, out, "Next steps")
	info, err := os.Stat(configPath)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), info.Mode().Perm())
	code, out = call("init", "--data", data, "--config", configPath, "--url", "http://video.test", "--owner-email", "owner@example.com",
		"--database-url", adminURL, "--tls", "proxy")
	assert.Equal(t, 1, code)
	assert.Contains(t, out, "init never overwrites one", "a second init is refused")

	migrations := appliedMigrations(t, adminURL)
	serveUntilSIGTERM(t, configPath, addr)
	code, out = call("check", "--config", configPath)
	assert.Equal(t, 0, code, out)
	serveUntilSIGTERM(t, configPath, addr)
	assert.Equal(t, migrations, appliedMigrations(t, adminURL), "a restart applies no migration again")
}

func TestMisspeltKeyIsRefused(t *testing.T) {
	restoreEnv(t)
	configPath := filepath.Join(t.TempDir(), "vidhost.env")
	require.NoError(t, os.WriteFile(configPath, []byte("VIDHOST_PUBLIC_URL=https://video.test\nVIDHOST_SMTP_HOSTT=mail.test\n"), 0o600))
	for _, command := range []string{"run", "check"} {
		code, out := call(command, "--config", configPath)
		assert.Equal(t, 1, code)
		assert.Contains(t, out, "sets VIDHOST_SMTP_HOSTT, which no part of Vidhost reads: is it misspelt?")
	}
}

// serveUntilSIGTERM runs the server until its gateway answers, then sends
// the process SIGTERM (which run catches) and waits for a clean stop.
func serveUntilSIGTERM(t *testing.T, configPath, addr string) {
	done := make(chan string, 1)
	go func() {
		code, out := call("run", "--config", configPath)
		done <- fmt.Sprintf("exit %d: %s", code, out)
	}()
	require.Eventually(t, func() bool {
		select {
		case out := <-done:
			t.Fatalf("run stopped before it served: %s", out)
		default:
		}
		req, _ := http.NewRequest(http.MethodGet, "http://"+addr+"/healthz", nil)
		req.Host = "video.test"
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return false
		}
		_ = resp.Body.Close()
		return resp.StatusCode == http.StatusOK
	}, 2*time.Minute, 200*time.Millisecond)
	require.NoError(t, syscall.Kill(os.Getpid(), syscall.SIGTERM))
	select {
	case out := <-done:
		assert.Contains(t, out, "exit 0:")
	case <-time.After(stopTimeout + 10*time.Second):
		t.Fatal("run did not stop within its stop timeout after SIGTERM")
	}
}

// operatorDatabase starts a private PostgreSQL and makes the operator's role
// the guide makes: CREATEROLE, owning database vidhost, no superuser.
func operatorDatabase(t *testing.T) string {
	require.NoError(t, pgserver.Available())
	// PostgreSQL runs as its own user under root: it must traverse the directory (t.TempDir's parent is 0700).
	dir, err := os.MkdirTemp("", "vidhost-server-pg-")
	require.NoError(t, err)
	require.NoError(t, os.Chmod(dir, 0o755)) //nolint:gosec // G302: see above
	t.Cleanup(func() { _ = os.RemoveAll(dir) })
	cluster, err := pgserver.StartCluster(t.Context(), filepath.Join(dir, "pg"))
	require.NoError(t, err)
	t.Cleanup(func() { _ = cluster.Stop() })
	conn, err := pgx.Connect(t.Context(), cluster.URL())
	require.NoError(t, err)
	defer conn.Close(context.Background())
	for _, statement := range []string{"CREATE ROLE vidhost LOGIN CREATEROLE PASSWORD 'operator'", "CREATE DATABASE vidhost OWNER vidhost"} {
		_, err := conn.Exec(t.Context(), statement)
		require.NoError(t, err)
	}
	return fmt.Sprintf("postgres://vidhost:operator@127.0.0.1:%d/vidhost?sslmode=disable", cluster.Port())
}

// appliedMigrations counts the migration rows of every schema.
func appliedMigrations(t *testing.T, adminURL string) map[string]int {
	conn, err := pgx.Connect(t.Context(), adminURL)
	require.NoError(t, err)
	defer conn.Close(context.Background())
	counts := map[string]int{}
	for _, schema := range []string{"identity", "catalog", "upload", "hooks", "analytics", "gateway"} {
		var n int
		require.NoError(t, conn.QueryRow(t.Context(), "SELECT count(*) FROM "+schema+".goose_db_version").Scan(&n))
		counts[schema] = n
	}
	return counts
}

func call(args ...string) (int, string) {
	var out bytes.Buffer
	code := dispatch(args, &out, &out)
	return code, out.String()
}

func freeAddr(t *testing.T) string {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer lis.Close()
	return lis.Addr().String()
}

// TestFaultsAreOneSentence runs each fault in its own subtest: the server
// loads its configuration into the environment, which each restores.
func TestFaultsAreOneSentence(t *testing.T) {
	t.Run("port in use", func(t *testing.T) {
		restoreEnv(t)
		taken, err := net.Listen("tcp", "127.0.0.1:0")
		require.NoError(t, err)
		defer taken.Close()
		configPath := writeConfig(t, "VIDHOST_PUBLIC_URL=http://video.test\nVIDHOST_TLS=proxy\nVIDHOST_HTTP_ADDR="+taken.Addr().String()+"\n")
		code, out := call("run", "--config", configPath)
		assert.Equal(t, 1, code)
		assert.Contains(t, out, "VIDHOST_HTTP_ADDR "+taken.Addr().String()+" is already in use by another program")
	})
	t.Run("ACME server refuses", func(t *testing.T) {
		restoreEnv(t)
		directory := "http://" + freeAddr(t) + "/dir" // nothing listens there
		code, out := call("check", "--config", writeConfig(t, "VIDHOST_PUBLIC_URL=https://video.test\nVIDHOST_TLS=acme\nVIDHOST_ACME_DIRECTORY_URL="+directory+"\n"))
		assert.Equal(t, 1, code)
		assert.Contains(t, out, "FAIL  TLS: the ACME server "+directory+" cannot be reached")
	})
	s3 := blobtest.StartVersityGW(t)
	_, err := blob.NewS3(t.Context(), s3) // creates the bucket "vidhost"
	require.NoError(t, err)
	settings := fmt.Sprintf("VIDHOST_PUBLIC_URL=http://video.test\nVIDHOST_TLS=proxy\nVIDHOST_BLOB_DRIVER=s3\nVIDHOST_S3_ENDPOINT=%s\n"+
		"VIDHOST_S3_ACCESS_KEY=%s\nVIDHOST_S3_SECRET_KEY=%s\n", s3.Endpoint, s3.AccessKey, s3.SecretKey)
	t.Run("S3 bucket missing", func(t *testing.T) {
		restoreEnv(t)
		code, out := call("check", "--config", writeConfig(t, settings+"VIDHOST_S3_BUCKET=missing\n"))
		assert.Equal(t, 1, code)
		assert.Contains(t, out, `FAIL  storage: the S3 bucket "missing" at `+s3.Endpoint+` cannot be used: blob: bucket "missing" does not exist`)
	})
	t.Run("S3 bucket writable", func(t *testing.T) {
		restoreEnv(t)
		_, out := call("check", "--config", writeConfig(t, settings+"VIDHOST_S3_BUCKET="+s3.Bucket+"\n"))
		assert.Contains(t, out, "ok    storage")
	})
	t.Run("S3 credentials wrong", func(t *testing.T) {
		restoreEnv(t)
		wrong := strings.Replace(settings, s3.SecretKey, "not-the-secret", 1)
		_, out := call("check", "--config", writeConfig(t, wrong+"VIDHOST_S3_BUCKET="+s3.Bucket+"\n"))
		assert.Contains(t, out, `FAIL  storage: the S3 bucket "vidhost" at `+s3.Endpoint+` cannot be used`)
	})
	t.Run("missing key", func(t *testing.T) {
		restoreEnv(t)
		code, out := call("check", "--config", writeConfig(t, "VIDHOST_PUBLIC_URL=https://video.test\nVIDHOST_TLS=files\n"))
		assert.Equal(t, 1, code)
		assert.Contains(t, out, "VIDHOST_TLS=files needs VIDHOST_TLS_CERT_FILE and VIDHOST_TLS_KEY_FILE")
	})
	t.Run("PostgreSQL refuses the login", func(t *testing.T) {
		restoreEnv(t)
		// The test cluster trusts loopback logins: a role that does not exist is what it refuses.
		unknownRole := strings.Replace(operatorDatabase(t), "//vidhost:", "//nobody:", 1)
		data, configPath := filepath.Join(t.TempDir(), "data"), filepath.Join(t.TempDir(), "vidhost.env")
		code, out := call("init", "--data", data, "--config", configPath,
			"--url", "https://video.test", "--owner-email", "owner@example.com", "--database-url", unknownRole)
		assert.Equal(t, 1, code)
		assert.Contains(t, out, "PostgreSQL refused the login of DATABASE_URL's role")
		assert.NoFileExists(t, configPath, "a failed init leaves nothing behind")
		assert.NoDirExists(t, data)
	})
}

func writeConfig(t *testing.T, body string) string {
	path := filepath.Join(t.TempDir(), "vidhost.env")
	require.NoError(t, os.WriteFile(path, []byte(body), 0o600))
	return path
}

// restoreEnv puts the environment back after the test: the server loads
// its configuration file into it, and the next test reads another file.
func restoreEnv(t *testing.T) {
	saved := os.Environ()
	t.Cleanup(func() {
		os.Clearenv()
		for _, kv := range saved {
			k, v, _ := strings.Cut(kv, "=")
			_ = os.Setenv(k, v)
		}
	})
}
