package app_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/app"
	"github.com/vidhost/vidhost/gateway/internal/testbackend"
	"github.com/vidhost/vidhost/pkg/config"
	"github.com/vidhost/vidhost/pkg/envelope"
	"github.com/vidhost/vidhost/pkg/logx"
	"github.com/vidhost/vidhost/pkg/natstest"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/secrets"
	"github.com/vidhost/vidhost/pkg/servicetest"
	identityv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
)

const testSecret = "gateway-test-secret-gateway-test-secret"

// Keys the fake identity knows.
const (
	keyReadWrite  = "rw-key"
	keyReadOnly   = "ro-key"
	keyElsewhere  = "ip-key"   // only from 203.0.113.7
	keyLoopback   = "cidr-key" // only from 127.0.0.0/8
	testBodyLimit = 1024
)

// rwPrincipal is what keyReadWrite resolves to.
var rwPrincipal = &identityv1.Principal{AccountId: "acc1", KeyId: "key1", ActorId: "user1", LiveEnabled: true}

type testBundle struct {
	url      string // "http://127.0.0.1:port"
	backends *testbackend.Backends
	logs     *syncBuffer
}

// setup runs the gateway in-process against the fakes and a real NATS.
func setup(t *testing.T, tweaks ...func(*app.Config)) testBundle {
	t.Helper()
	backends := testbackend.Start(t, secrets.MustRoot(testSecret))
	backends.Identity.SetKey(keyReadWrite, rwPrincipal)
	backends.Identity.SetKey(keyReadOnly, &identityv1.Principal{AccountId: "acc1", KeyId: "key2", ActorId: "user1", Permissions: []string{"fetch"}})
	backends.Identity.SetKey(keyElsewhere, &identityv1.Principal{AccountId: "acc1", KeyId: "key3", Ips: []string{"203.0.113.7"}})
	backends.Identity.SetKey(keyLoopback, &identityv1.Principal{AccountId: "acc1", KeyId: "key4", Ips: []string{"198.51.100.1", "127.0.0.0/8"}})
	cfg := app.Config{
		IdentityAddr: backends.Addr, CatalogAddr: backends.Addr, UploadAddr: backends.Addr, HooksAddr: backends.Addr, AnalyticsAddr: backends.Addr,
		Common:    config.Common{NATSURL: natstest.Start(t), InternalSecret: testSecret, NATS: natstest.Settings(t, natsx.ServiceGateway)},
		BodyLimit: testBodyLimit,
	}
	for _, tweak := range tweaks {
		tweak(&cfg)
	}
	logs := &syncBuffer{}
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	url := servicetest.Start(t, func(ctx context.Context, ready func(string)) error {
		return app.Run(ctx, cfg, logx.New(logs, "gateway", "debug", "json"), app.Options{Listener: lis, Ready: ready})
	})
	return testBundle{url: url, backends: backends, logs: logs}
}

// call is one HTTP request to the gateway.
type call struct {
	method, path, key, body string
	header                  map[string]string
}

// do sends c and decodes the envelope, which every response must be.
func (b testBundle) do(t *testing.T, c call) (*http.Response, envelope.Envelope) {
	t.Helper()
	req, err := http.NewRequest(c.method, b.url+c.path, strings.NewReader(c.body))
	require.NoError(t, err)
	if c.body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.key != "" {
		req.Header.Set("Authorization", "Bearer "+c.key)
	}
	for k, v := range c.header {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp, decodeEnvelope(t, raw)
}

// decodeEnvelope insists on all four envelope fields being present.
func decodeEnvelope(t *testing.T, raw []byte) envelope.Envelope {
	t.Helper()
	var fields map[string]json.RawMessage
	require.NoError(t, json.Unmarshal(raw, &fields), "body: %s", raw)
	for _, name := range []string{"success", "result", "links", "errors"} {
		require.Contains(t, fields, name, "body: %s", raw)
	}
	var env envelope.Envelope
	require.NoError(t, json.Unmarshal(raw, &env))
	require.NotNil(t, env.Errors, "errors must be an array: %s", raw)
	require.NotNil(t, env.Links, "links must be an object: %s", raw)
	return env
}

// syncBuffer is a log destination safe for the server's goroutines.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.buf.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.buf.String()
}

// idsOf returns the ids of a result array as a JSON array.
func idsOf(t *testing.T, result json.RawMessage) string {
	t.Helper()
	var items []struct {
		ID string `json:"id"`
	}
	require.NoError(t, json.Unmarshal(result, &items))
	ids := make([]string, len(items))
	for i, it := range items {
		ids[i] = it.ID
	}
	out, err := json.Marshal(ids)
	require.NoError(t, err)
	return string(out)
}
