package server_test

import (
	"context"
	"log/slog"
	"net"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/require"

	hooksv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/hooks/v1"

	"github.com/vidhost/vidhost/pkg/config"
	"github.com/vidhost/vidhost/pkg/grpcx"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/natstest"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/pgtest"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/pkg/secrets"
	"github.com/vidhost/vidhost/pkg/servicetest"
	"github.com/vidhost/vidhost/services/hooks/app"
)

// Every test runs its own service on a schema, a NATS server and ports of
// its own, so every test calls t.Parallel: their waits on PostgreSQL and
// NATS overlap (on 2 cores the package took about two thirds of the time).
func TestMain(m *testing.M) { pgtest.Main(m) }

// secret is the root the service and the test's callers share.
const secret = "test-internal-secret-test-internal-secret"

var root = secrets.MustRoot(secret)

// testBundle is a running hooks service (app.Run on real PostgreSQL and
// NATS), a client, and two accounts to call it as.
type testBundle struct {
	client hooksv1.HooksServiceClient
	js     jetstream.JetStream
	alice  principal.Principal
	bob    principal.Principal
	addr   string
	db     pgtest.DB
}

func setup(t *testing.T) testBundle {
	t.Helper()
	db := pgtest.Schema(t)
	natsURL := natstest.Start(t)
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	cfg := app.Config{DatabaseURL: db.URL, DBSchema: db.Schema,
		Common: config.Common{NATSURL: natsURL, InternalSecret: secret, NATS: natstest.Settings(t, natsx.ServiceHooks)}}
	return startApp(t, cfg, app.Options{Listener: lis}, db)
}

// startApp runs app.Run with cfg and opts until the test ends.
func startApp(t *testing.T, cfg app.Config, opts app.Options, db pgtest.DB) testBundle {
	t.Helper()
	logger := slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelWarn}))
	addr := servicetest.Start(t, func(ctx context.Context, ready func(string)) error {
		opts.Ready = ready
		return app.Run(ctx, cfg, logger, opts)
	})
	conn, err := grpcx.Dial(addr, grpcx.CallerCredentials(root, grpcx.Gateway))
	require.NoError(t, err)
	t.Cleanup(func() { _ = conn.Close() })
	js, err := jetstream.New(natstest.Connect(t, cfg.NATSURL))
	require.NoError(t, err)
	return testBundle{
		client: hooksv1.NewHooksServiceClient(conn),
		js:     js,
		alice:  principal.Principal{AccountID: ids.New(), ActorID: "alice-key"},
		bob:    principal.Principal{AccountID: ids.New(), ActorID: "bob-key"},
		addr:   addr,
		db:     db,
	}
}

// as returns a context whose calls act as p.
func as(t *testing.T, p principal.Principal) context.Context {
	return principal.NewContext(t.Context(), p)
}

func createWebhook(t *testing.T, b testBundle, p principal.Principal) *hooksv1.Service {
	t.Helper()
	s, err := b.client.CreateService(as(t, p), &hooksv1.CreateServiceRequest{
		Name: "Receiver", Type: "webhook", Url: "https://hooks.example.com/in"})
	require.NoError(t, err)
	return s
}

func createHook(t *testing.T, b testBundle, p principal.Principal, serviceID string) *hooksv1.Hook {
	t.Helper()
	h, err := b.client.CreateHook(as(t, p), &hooksv1.CreateHookRequest{
		Name: "Every video", Event: "video.created", Service: serviceID, Action: "videos.insert"})
	require.NoError(t, err)
	return h
}

// events returns a consumer of the HOOKS stream from the first message on.
func (b testBundle) events(t *testing.T) jetstream.Consumer {
	t.Helper()
	consumer, err := b.js.OrderedConsumer(t.Context(), natsx.StreamNameHooks, jetstream.OrderedConsumerConfig{})
	require.NoError(t, err)
	return consumer
}

// next waits for the consumer's next message; the wait only bounds a failure.
func next(t *testing.T, consumer jetstream.Consumer) jetstream.Msg {
	t.Helper()
	msg, err := consumer.Next(jetstream.FetchMaxWait(15 * time.Second))
	require.NoError(t, err, "no event arrived")
	return msg
}
