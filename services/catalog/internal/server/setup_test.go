package server_test

import (
	"context"
	"log/slog"
	"net"
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/require"

	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/config"
	"github.com/vidhost/vidhost/pkg/grpcx"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/natstest"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/pgtest"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/pkg/secrets"
	"github.com/vidhost/vidhost/pkg/servicetest"
	"github.com/vidhost/vidhost/services/catalog/app"
)

// Every test runs its own service on a schema, a NATS server and ports of
// its own, so every test calls t.Parallel: their waits on PostgreSQL and
// NATS overlap (on 2 cores the package took about two thirds of the time).
func TestMain(m *testing.M) { pgtest.Main(m) }

// secret is the root the catalog and the test's callers share.
const secret = "test-internal-secret-test-internal-secret"

var root = secrets.MustRoot(secret)

// testBundle is a running catalog (app.Run on real PostgreSQL and NATS),
// a client, and two accounts to call it as.
type testBundle struct {
	client catalogv1.CatalogServiceClient
	js     jetstream.JetStream
	alice  principal.Principal
	bob    principal.Principal
	// addr is the catalog's gRPC address.
	addr string
	// uploads resolves references; objects is the catalog's blob store.
	uploads *uploads
	objects blob.Store
	db      pgtest.DB
}

// mediaBase is the media base URL the tests' catalog renders URLs with.
const mediaBase = "https://media.example.com/v"

func setup(t *testing.T) testBundle {
	t.Helper()
	return setupWith(t, natstest.Start(t))
}

// setupWith runs the catalog against the NATS server at natsURL (tests
// that stop and restart NATS start it themselves), its configuration
// changed by configure.
func setupWith(t *testing.T, natsURL string, configure ...func(*app.Config)) testBundle {
	t.Helper()
	db := pgtest.Schema(t)
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	blobDir := t.TempDir()
	objects, err := blob.NewLocal(blob.Config{Dir: blobDir})
	require.NoError(t, err)
	resolver := &uploads{objects: objects, files: map[string]uploadFile{}}
	cfg := app.Config{DatabaseURL: db.URL, DBSchema: db.Schema,
		Common:       config.Common{NATSURL: natsURL, InternalSecret: secret, NATS: natstest.Settings(t, natsx.ServiceCatalog)},
		MediaBaseURL: mediaBase, Blob: blob.Settings{Driver: "local", Dir: blobDir}}
	for _, change := range configure {
		change(&cfg)
	}
	logger := slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelWarn}))
	servicetest.Start(t, func(ctx context.Context, ready func(string)) error {
		return app.Run(ctx, cfg, logger, app.Options{Listener: lis, Ready: ready, Uploads: resolver})
	})
	conn, err := grpcx.Dial(lis.Addr().String(), grpcx.CallerCredentials(root, grpcx.Gateway))
	require.NoError(t, err)
	t.Cleanup(func() { _ = conn.Close() })
	js, err := jetstream.New(natstest.Connect(t, natsURL))
	require.NoError(t, err)
	return testBundle{
		client:  catalogv1.NewCatalogServiceClient(conn),
		js:      js,
		alice:   principal.Principal{AccountID: ids.New(), ActorID: "alice-user"},
		bob:     principal.Principal{AccountID: ids.New(), ActorID: "bob-user"},
		addr:    lis.Addr().String(),
		uploads: resolver,
		objects: objects,
		db:      db,
	}
}

// as returns a context whose calls act as p; the client signs them as the
// gateway does.
func as(t *testing.T, p principal.Principal) context.Context {
	return principal.NewContext(t.Context(), p)
}

// events returns a consumer of the CATALOG stream's subjects matching filter,
// from the first message on.
func (b testBundle) events(t *testing.T, filter string) jetstream.Consumer {
	t.Helper()
	consumer, err := b.js.OrderedConsumer(t.Context(), natsx.StreamNameCatalog,
		jetstream.OrderedConsumerConfig{FilterSubjects: []string{filter}})
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

func createCategory(t *testing.T, b testBundle, p principal.Principal, name, value string) *catalogv1.Category {
	t.Helper()
	c, err := b.client.CreateCategory(as(t, p), &catalogv1.CreateCategoryRequest{Name: name, Value: value})
	require.NoError(t, err)
	return c
}

func createPlayer(t *testing.T, b testBundle, p principal.Principal, name string) *catalogv1.Player {
	t.Helper()
	player, err := b.client.CreatePlayer(as(t, p), &catalogv1.CreatePlayerRequest{Name: name})
	require.NoError(t, err)
	return player
}
