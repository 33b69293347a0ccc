package auth

import (
	"context"
	"log/slog"
	"net"
	"net/url"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/encoding/protojson"

	"github.com/vidhost/vidhost/gateway/internal/testbackend"
	"github.com/vidhost/vidhost/pkg/grpcx"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/natstest"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/secrets"
	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"
	identityv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
)

// eventually bounds waits for asynchronous effects; tests poll, they never
// sleep a fixed time.
const eventually = 10 * time.Second

type authBundle struct {
	identity *testbackend.Identity
	authn    *Authenticator
	cache    *Cache
	// invalidator keeps cache by the events.
	invalidator *Invalidator
	nats        *server.Server
	storeDir    string
	events      jetstream.JetStream // publisher, as identity would be
	// reconnected receives once the invalidator's reconnect flush is done.
	reconnected chan struct{}
}

// setupAuth runs a real NATS server and the identity fake, and an
// Authenticator whose cache (TTL one hour: only events can evict) is kept by
// a running Invalidator. Keys "key-a" and "key-b" are valid.
func setupAuth(t *testing.T) authBundle {
	t.Helper()
	root := secrets.MustRoot("invalidation-test-secret-invalidation")
	backends := testbackend.Start(t, root)
	for _, k := range []string{"a", "b"} {
		backends.Identity.SetKey("key-"+k, &identityv1.Principal{AccountId: "acc1", KeyId: "id-" + k})
	}
	storeDir := t.TempDir()
	srv := natstest.StartServer(t, storeDir, -1)
	events := natstest.JetStreamAs(t, srv.ClientURL(), natsx.ServiceIdentity)

	cache := NewCache(time.Hour, 100)
	invalidator := NewInvalidator(cache, slog.New(slog.DiscardHandler))
	reconnected := make(chan struct{}, 1)
	signal := nats.ReconnectHandler(func(*nats.Conn) {
		select {
		case reconnected <- struct{}{}:
		default:
		}
	})
	// ConnectOption wraps the handler given before it: flush first, then signal.
	nc, err := natsx.Connect(natstest.Client(srv.ClientURL(), natsx.ServiceGateway), signal, invalidator.ConnectOption())
	require.NoError(t, err)
	js, err := jetstream.New(nc)
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Go(func() { invalidator.Run(ctx, js) })
	t.Cleanup(func() { cancel(); wg.Wait(); nc.Close() })

	conn, err := grpcx.Dial(backends.Addr, grpcx.CallerCredentials(root, grpcx.Gateway))
	require.NoError(t, err)
	t.Cleanup(func() { _ = conn.Close() })
	authn := NewAuthenticator(identityv1.NewIdentityServiceClient(conn), cache)
	require.Eventually(t, cache.Live, eventually, 5*time.Millisecond, "the subscription never started")
	return authBundle{identity: backends.Identity, authn: authn, cache: cache, invalidator: invalidator, nats: srv, storeDir: storeDir, events: events, reconnected: reconnected}
}

func (b authBundle) resolve(t *testing.T, key string) error {
	t.Helper()
	_, err := b.authn.Resolve(t.Context(), key)
	return err
}

func (b authBundle) publishKeyEvent(t *testing.T, subject, keyID string) {
	t.Helper()
	payload, err := protojson.Marshal(&eventsv1.KeyEvent{Meta: &eventsv1.EventMeta{Id: ids.New(), AccountId: "acc1"}, KeyId: keyID})
	require.NoError(t, err)
	_, err = b.events.Publish(t.Context(), subject, payload)
	require.NoError(t, err)
}

func TestCacheAnswersRepeatedLookups(t *testing.T) {
	b := setupAuth(t)
	require.NoError(t, b.resolve(t, "key-a"))
	require.NoError(t, b.resolve(t, "key-a"))
	assert.EqualValues(t, 1, b.identity.Calls())
	assert.Equal(t, codes.Unauthenticated, status.Code(b.resolve(t, "nope")))
	assert.Equal(t, codes.Unauthenticated, status.Code(b.resolve(t, "nope")), "failures are not cached")
	assert.EqualValues(t, 3, b.identity.Calls())
}

func TestKeyEventEvictsThatKeyAtOnce(t *testing.T) {
	b := setupAuth(t)
	require.NoError(t, b.resolve(t, "key-a"))
	require.NoError(t, b.resolve(t, "key-b"))
	b.identity.RemoveKey("key-a") // deleted in identity...
	require.NoError(t, b.resolve(t, "key-a"), "...but still cached: only the event can evict it")

	b.publishKeyEvent(t, natsx.SubjectKeyDeleted, "id-a")
	require.Eventually(t, func() bool {
		return status.Code(b.resolve(t, "key-a")) == codes.Unauthenticated
	}, eventually, 5*time.Millisecond)

	calls := b.identity.Calls()
	require.NoError(t, b.resolve(t, "key-b"))
	assert.Equal(t, calls, b.identity.Calls(), "the other key stayed cached")
}

func TestUserEventFlushesAndCallsOnUserChange(t *testing.T) {
	b := setupAuth(t)
	var changes atomic.Int32
	b.invalidator.OnUserChange(func() { changes.Add(1) })
	require.NoError(t, b.resolve(t, "key-a"))
	payload, err := protojson.Marshal(&eventsv1.UserEvent{Meta: &eventsv1.EventMeta{Id: ids.New(), AccountId: "acc1"}, UserId: "u1"})
	require.NoError(t, err)
	_, err = b.events.Publish(t.Context(), natsx.SubjectUserUpdated, payload)
	require.NoError(t, err)
	require.Eventually(t, func() bool { return changes.Load() == 1 }, eventually, 5*time.Millisecond,
		"the session cache hears of the change")
	assert.Zero(t, b.cache.Len(), "a person's keys act with at most their role: the auth cache is flushed")
}

func TestUnreadableKeyEventFlushesEverything(t *testing.T) {
	b := setupAuth(t)
	require.NoError(t, b.resolve(t, "key-a"))
	_, err := b.events.Publish(t.Context(), natsx.SubjectKeyUpdated, []byte("not json"))
	require.NoError(t, err)
	require.Eventually(t, func() bool { return b.cache.Len() == 0 }, eventually, 5*time.Millisecond)
}

func TestCacheIsBypassedWhileNATSIsDown(t *testing.T) {
	b := setupAuth(t)
	require.NoError(t, b.resolve(t, "key-a"))
	u, err := url.Parse(b.nats.ClientURL())
	require.NoError(t, err)
	natsPort, err := strconv.Atoi(u.Port())
	require.NoError(t, err)

	b.nats.Shutdown()
	b.nats.WaitForShutdown()
	require.Eventually(t, func() bool { return !b.cache.Live() }, eventually, 5*time.Millisecond)
	// The cache stops answering the moment the connection drops; the flush
	// itself runs in NATS's disconnect callback, a moment later.
	require.Eventually(t, func() bool { return b.cache.Len() == 0 }, eventually, 5*time.Millisecond,
		"a disconnect flushes the cache")
	before := b.identity.Calls()
	require.NoError(t, b.resolve(t, "key-a"))
	require.NoError(t, b.resolve(t, "key-a"))
	assert.Equal(t, before+2, b.identity.Calls(), "every lookup asked identity")

	// Back on the same port and store: the subscription resumes, events flow.
	restarted := natstest.StartServer(t, b.storeDir, natsPort)
	select {
	case <-b.reconnected:
	case <-time.After(eventually):
		t.Fatal("never reconnected")
	}
	require.Eventually(t, b.cache.Live, eventually, 10*time.Millisecond)
	b.events = natstest.JetStreamAs(t, restarted.ClientURL(), natsx.ServiceIdentity)
	require.NoError(t, b.resolve(t, "key-b"))
	calls := b.identity.Calls()
	require.NoError(t, b.resolve(t, "key-b"))
	require.Equal(t, calls, b.identity.Calls(), "cached again")
	b.identity.RemoveKey("key-b")
	b.publishKeyEvent(t, natsx.SubjectKeyDeleted, "id-b")
	require.Eventually(t, func() bool {
		return status.Code(b.resolve(t, "key-b")) == codes.Unauthenticated
	}, eventually, 10*time.Millisecond)
}

func TestSubscriptionStartsWhenNATSArrivesLate(t *testing.T) {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	port := lis.Addr().(*net.TCPAddr).Port
	require.NoError(t, lis.Close())

	cache := NewCache(time.Hour, 100)
	invalidator := NewInvalidator(cache, slog.New(slog.DiscardHandler))
	nc, err := natsx.Connect(natstest.Client("nats://127.0.0.1:"+strconv.Itoa(port), natsx.ServiceGateway),
		invalidator.ConnectOption(), nats.RetryOnFailedConnect(true))
	require.NoError(t, err, "the gateway starts without NATS")
	t.Cleanup(nc.Close)
	js, err := jetstream.New(nc)
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Go(func() { invalidator.Run(ctx, js) })
	t.Cleanup(func() { cancel(); wg.Wait() })
	assert.False(t, cache.Live())

	srv := natstest.StartServer(t, t.TempDir(), port)
	natstest.JetStream(t, srv.ClientURL()) // identity creates the IDENTITY stream
	require.Eventually(t, cache.Live, eventually, 10*time.Millisecond)
}
