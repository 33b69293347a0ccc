package e2e

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/config"
)

// TestMetricsURLsInEnvFile is `curl $VIDHOST_METRICS_URLS` after an API
// call: every URL devstack.env lists serves the named series, the call
// under its route template; the admin listener's /readyz runs every
// service's checks (database, NATS, gRPC) and /livez answers.
func TestMetricsURLsInEnvFile(t *testing.T) {
	path, err := suiteOf(t).WriteEnvFile()
	require.NoError(t, err)
	saved, err := config.ReadEnvFile(path)
	require.NoError(t, err)
	urls := strings.Fields(saved["VIDHOST_METRICS_URLS"])
	require.NotEmpty(t, urls)
	mustOK(t, call(t, "GET", "/v2/categories", ownerOf(t), nil))

	for _, url := range urls {
		code, body := fetchAdmin(t, url)
		require.Equal(t, http.StatusOK, code, url)
		for _, series := range []string{
			`vidhost_http_requests_total{code="200",method="GET",route="/v2/categories"}`,
			`vidhost_grpc_server_handled_total{code="OK",method="/vidhost.catalog.v1.CatalogService/ListCategories"}`,
			`vidhost_grpc_client_handled_total{code="OK",method="/vidhost.identity.v1.IdentityService/Authenticate"}`,
			`vidhost_outbox_pending_messages{schema="catalog"}`,
			`vidhost_jetstream_consumer_pending_messages{consumer="catalog-media",stream="MEDIA"}`,
		} {
			assert.Contains(t, body, series, url)
		}
	}

	base := strings.TrimSuffix(urls[0], "/metrics")
	code, body := fetchAdmin(t, base+"/readyz")
	assert.Equal(t, http.StatusOK, code, body)
	var ready struct {
		Ready  bool              `json:"ready"`
		Checks map[string]string `json:"checks"`
	}
	require.NoError(t, json.Unmarshal([]byte(body), &ready))
	assert.True(t, ready.Ready)
	for _, check := range []string{"catalog/database", "catalog/nats", "catalog/grpc", "identity/database", "gateway/http"} {
		assert.Equal(t, "ok", ready.Checks[check], check)
	}
	code, _ = fetchAdmin(t, base+"/livez")
	assert.Equal(t, http.StatusOK, code)
}

func fetchAdmin(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url) //nolint:gosec,noctx // the suite's loopback admin listener
	require.NoError(t, err)
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp.StatusCode, string(raw)
}
