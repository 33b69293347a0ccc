package app_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/admin"
)

// TestMetricsAfterRequests is `curl /metrics` after two API calls: the
// requests show under their route template (never the raw path), and the
// gRPC calls behind them under their method, on the client side.
func TestMetricsAfterRequests(t *testing.T) {
	b := setup(t)
	srv, err := admin.Start(admin.DefaultAddr, admin.NewChecks(), slog.New(slog.DiscardHandler))
	require.NoError(t, err)
	t.Cleanup(func() { _ = srv.Shutdown(context.Background()) })

	resp, _ := b.do(t, call{method: "POST", path: "/v2/players", key: keyReadWrite, body: `{"name":"lobby"}`})
	require.Equal(t, http.StatusOK, resp.StatusCode)
	b.do(t, call{method: "GET", path: "/v2/videos/vid-metrics-probe", key: keyReadWrite})

	res, err := http.Get(srv.URL + "/metrics") //nolint:gosec,noctx // the test's own loopback listener
	require.NoError(t, err)
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	body := string(raw)
	assert.Contains(t, body, `vidhost_http_requests_total{code="200",method="POST",route="/v2/players"}`)
	assert.Contains(t, body, `vidhost_http_request_duration_seconds_bucket{method="GET",route="/v2/videos/{id}"`)
	assert.NotContains(t, body, "vid-metrics-probe", "a raw path must never become a label")
	assert.Contains(t, body, `vidhost_grpc_client_handled_total{code="OK",method="/vidhost.catalog.v1.CatalogService/CreatePlayer"}`)
	assert.Contains(t, body, `vidhost_grpc_server_handled_total{code="OK",method="/vidhost.catalog.v1.CatalogService/CreatePlayer"}`,
		"the test backends run grpcx's server, in this process")
}
