package app_test

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/audit"
	"github.com/vidhost/vidhost/pkg/config"
	"github.com/vidhost/vidhost/pkg/grpcx"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/natstest"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/pgtest"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/pkg/secrets"
	"github.com/vidhost/vidhost/pkg/servicetest"
	identityv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
	"github.com/vidhost/vidhost/services/identity/app"
	"github.com/vidhost/vidhost/services/identity/internal/store"
)

// internalSecret is the root the service and the test's callers share.
const internalSecret = "test-internal-secret-test-internal-secret"

var root = secrets.MustRoot(internalSecret)

// testBundle is a running identity service and what tests need around it.
type testBundle struct {
	client    identityv1.IdentityServiceClient
	addr      string        // the gRPC listener, for calls the client would sign
	pool      *pgxpool.Pool // the service's schema, for assertions and fixtures
	cfg       app.Config
	natsURL   string
	bootstrap app.Bootstrap
	// ownerA writes as the bootstrapped account; ownerB as a second tenant.
	ownerA, ownerB principal.Principal
}

// setup runs identity on a fresh schema and NATS server until t ends.
func setup(t *testing.T) *testBundle {
	t.Helper()
	return setupWith(t, nil)
}

// setupWith is setup with a change to the configuration (mail settings).
func setupWith(t *testing.T, change func(*app.Config)) *testBundle {
	t.Helper()
	db := pgtest.Schema(t)
	tb := &testBundle{natsURL: natstest.Start(t)}
	tb.cfg = testConfig(t, db, tb.natsURL)
	if change != nil {
		change(&tb.cfg)
	}
	tb.bootstrap, tb.client, tb.addr = runService(t, tb.cfg, runOptions{})
	tb.pool = db.Pool(t)
	// ownerA acts through its real unrestricted key, as through the gateway
	// (identity checks the caller's key when keys are created or changed);
	// ownerB has no key of its own, as an internal caller.
	var bootstrapKey string
	require.NoError(t, tb.pool.QueryRow(t.Context(), "SELECT id FROM api_keys WHERE account_id = $1",
		tb.bootstrap.AccountID).Scan(&bootstrapKey))
	tb.ownerA = principal.Principal{AccountID: tb.bootstrap.AccountID, KeyID: bootstrapKey, ActorID: "actor-a"}
	tb.ownerB = principal.Principal{AccountID: ids.New(), ActorID: "actor-b"}
	require.NoError(t, store.New(tb.pool).CreateAccount(t.Context(), tb.ownerB.AccountID, "B", "", time.Now()))
	return tb
}

func testConfig(t *testing.T, db pgtest.DB, natsURL string) app.Config {
	provisionAudit(t, db)
	return app.Config{
		DatabaseURL: db.URL, DBSchema: db.Schema,
		Common:     config.Common{NATSURL: natsURL, NATS: natstest.Settings(t, natsx.ServiceIdentity), InternalSecret: string(internalSecret)},
		OwnerEmail: "Owner@Example.com",
		PublicURL:  "https://videos.example.com",
	}
}

// provisionAudit makes the audit schema, as the devstack's provisioning
// does, for the role the tests connect as.
func provisionAudit(t *testing.T, db pgtest.DB) {
	t.Helper()
	pool := db.Pool(t)
	var role string
	require.NoError(t, pool.QueryRow(t.Context(), "SELECT current_user").Scan(&role))
	require.NoError(t, audit.Provision(t.Context(), pool, role))
}

// runOptions vary runService.
type runOptions struct {
	logs       io.Writer // receives the service's log if set
	noCallback bool      // leave Options.OnBootstrap nil
}

// runService runs app.Run on a free port until t ends and returns what
// OnBootstrap reported, a client signing as the gateway and the address.
func runService(t *testing.T, cfg app.Config, ro runOptions) (app.Bootstrap, identityv1.IdentityServiceClient, string) {
	t.Helper()
	svc := launch(t, cfg, ro)
	addr := svc.Wait(t)
	conn, err := grpcx.Dial(addr, grpcx.CallerCredentials(root, grpcx.Gateway))
	require.NoError(t, err)
	t.Cleanup(func() { _ = conn.Close() })
	return *svc.boot, identityv1.NewIdentityServiceClient(conn), addr
}

// launched is a Run in progress and what it reported to OnBootstrap.
type launched struct {
	*servicetest.Service
	boot *app.Bootstrap // set before Ready is called
}

// launch starts app.Run on a free port without waiting for it; the service
// is stopped, and must stop cleanly, when t ends.
func launch(t *testing.T, cfg app.Config, ro runOptions) *launched {
	t.Helper()
	logs := ro.logs
	if logs == nil {
		logs = io.Discard
	}
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	boot := &app.Bootstrap{}
	svc := servicetest.Launch(t, func(ctx context.Context, ready func(string)) error {
		opts := app.Options{Listener: lis, Ready: ready, OnBootstrap: func(b app.Bootstrap) { *boot = b }}
		if ro.noCallback {
			opts.OnBootstrap = nil
		}
		return app.Run(ctx, cfg, slog.New(slog.NewTextHandler(logs, nil)), opts)
	})
	return &launched{Service: svc, boot: boot}
}

// as returns a context whose calls act as p; the client signs them as the
// gateway does.
func as(t *testing.T, p principal.Principal) context.Context {
	return principal.NewContext(t.Context(), p)
}

// readOnly is p with a fetch-only key.
func readOnly(p principal.Principal) principal.Principal {
	p.ReadOnly = true
	return p
}

// syncBuffer is a log destination safe for the service's goroutines.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
