package admin

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func get(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url) //nolint:gosec,noctx // a test's own loopback listener
	require.NoError(t, err)
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp.StatusCode, string(body)
}

func TestAdminListener(t *testing.T) {
	checks := NewChecks()
	srv, err := Start(DefaultAddr, checks, slog.New(slog.DiscardHandler))
	require.NoError(t, err)
	t.Cleanup(func() { _ = srv.Shutdown(context.Background()) })

	code, body := get(t, srv.URL+"/livez")
	assert.Equal(t, http.StatusOK, code)
	assert.Equal(t, "ok\n", body)

	AddCheck(WithChecks(context.Background(), checks.Sub("catalog")), "database", func(context.Context) error { return nil })
	code, body = get(t, srv.URL+"/readyz")
	assert.Equal(t, http.StatusOK, code)
	assert.JSONEq(t, `{"ready":true,"checks":{"catalog/database":"ok"}}`, body)

	checks.Add("nats", func(context.Context) error { return errors.New("nats connection is RECONNECTING") })
	code, body = get(t, srv.URL+"/readyz")
	assert.Equal(t, http.StatusServiceUnavailable, code, "one failing dependency makes the process unready")
	assert.JSONEq(t, `{"ready":false,"checks":{"catalog/database":"ok","nats":"nats connection is RECONNECTING"}}`, body)
	code, _ = get(t, srv.URL+"/livez")
	assert.Equal(t, http.StatusOK, code, "liveness never looks at dependencies")

	code, body = get(t, srv.URL+"/metrics")
	assert.Equal(t, http.StatusOK, code)
	assert.Contains(t, body, `vidhost_ready_check{check="nats"} 0`)
	assert.Contains(t, body, `vidhost_ready_check{check="catalog/database"} 1`)
	assert.Contains(t, body, "go_goroutines")

	code, body = get(t, srv.URL+"/debug/pprof/")
	assert.Equal(t, http.StatusOK, code)
	assert.Contains(t, body, "goroutine")
}

func TestCheckPanicIsAFailure(t *testing.T) {
	checks := NewChecks()
	checks.Add("bad", func(context.Context) error { panic("boom") })
	results, ok := checks.Run(context.Background())
	assert.False(t, ok)
	assert.Equal(t, []Result{{Name: "bad", Error: "check panicked: boom"}}, results)
}

func TestAddCheckWithoutListIsANoOp(t *testing.T) {
	assert.NotPanics(t, func() { AddCheck(context.Background(), "database", func(context.Context) error { return nil }) })
}

// A process's admin listener starts before its service: with AwaitServing
// its dependencies answering is not enough, the service's port must serve.
func TestNotReadyUntilServing(t *testing.T) {
	checks := NewChecks()
	checks.AwaitServing()
	results, ok := checks.Run(context.Background())
	assert.False(t, ok, "an empty list awaiting its service is not ready")
	assert.Equal(t, []Result{{Name: "serving", Error: "starting: not serving yet"}}, results)

	ctx := WithChecks(context.Background(), checks)
	AddCheck(ctx, "database", func(context.Context) error { return nil })
	_, ok = checks.Run(context.Background())
	assert.False(t, ok, "the database answers, but the service does not serve yet")

	AddServingCheck(ctx, "grpc", func(context.Context) error { return nil })
	results, ok = checks.Run(context.Background())
	assert.True(t, ok)
	assert.Equal(t, []Result{{Name: "database"}, {Name: "grpc"}}, results)
}
