package command

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/admin"
)

// freeAddr is a loopback address nothing listens on (the admin listener
// takes it next).
func freeAddr(t *testing.T) string {
	t.Helper()
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := lis.Addr().String()
	require.NoError(t, lis.Close())
	return addr
}

func status(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url) //nolint:gosec,noctx // the test's own loopback listener
	require.NoError(t, err)
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp.StatusCode, string(body)
}

// TestMainServesTheAdminListener runs a service whose dependency is down:
// while it runs, the admin listener answers live but not ready, naming
// the check the service registered, and serves /metrics; with the
// dependency back it is ready only once the service's port serves.
func TestMainServesTheAdminListener(t *testing.T) {
	addr := freeAddr(t)
	t.Setenv("VIDHOST_ADMIN_ADDR", addr)
	base := "http://" + addr
	code := mainArgs(sample(func(ctx context.Context, _ sampleConfig, _ *slog.Logger) error {
		admin.AddCheck(ctx, "database", func(context.Context) error { return errors.New("connection refused") })
		live, _ := status(t, base+"/livez")
		assert.Equal(t, http.StatusOK, live)
		ready, body := status(t, base+"/readyz")
		assert.Equal(t, http.StatusServiceUnavailable, ready)
		assert.Contains(t, body, `"database":"connection refused"`)
		metrics, body := status(t, base+"/metrics")
		assert.Equal(t, http.StatusOK, metrics)
		assert.Contains(t, body, `vidhost_ready_check{check="database"} 0`)

		// Its dependency back, the process is still not ready until its port serves.
		admin.AddCheck(ctx, "database", func(context.Context) error { return nil })
		ready, body = status(t, base+"/readyz")
		assert.Equal(t, http.StatusServiceUnavailable, ready)
		assert.Contains(t, body, `"serving":"starting: not serving yet"`)
		admin.AddServingCheck(ctx, "grpc", func(context.Context) error { return nil })
		ready, _ = status(t, base+"/readyz")
		assert.Equal(t, http.StatusOK, ready, "serving, with every dependency answering")
		return nil
	}), nil)
	assert.Equal(t, ExitOK, code)
	_, err := http.Get(base + "/livez") //nolint:noctx // the listener is gone once the service stopped
	assert.Error(t, err, "the admin listener stops with the process")
}

func TestHelpListsTheAdminAddress(t *testing.T) {
	var stdout, stderr bytes.Buffer
	done, code := Flags("sample", "a test", &sampleConfig{}, []string{"--help"}, &stdout, &stderr)
	assert.True(t, done)
	assert.Equal(t, ExitOK, code)
	assert.Regexp(t, `\n  VIDHOST_COMMAND_TEST_TIMEOUT  default "1s"\n  VIDHOST_ADMIN_ADDR            default "127.0.0.1:0"\n`,
		stdout.String(), "one table, aligned across the service's settings and the shared ones")
	assert.Empty(t, stderr.String(), "asked-for help is printed once, to stdout")
}
