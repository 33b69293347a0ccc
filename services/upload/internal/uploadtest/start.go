package uploadtest

import (
	"context"
	"log/slog"
	"net"
	"net/http"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go/jetstream"

	uploadv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/upload/v1"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/grpcx"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/natstest"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/pgtest"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/pkg/secrets"
	"github.com/vidhost/vidhost/services/upload/app"
	"github.com/vidhost/vidhost/services/upload/internal/tus"
)

// Secret is the root secret the test service and its callers share.
const Secret = "test-internal-secret-test-internal-secret"

// Root is Secret parsed: the callers' keys derive from it.
var Root = secrets.MustRoot(Secret)

// Bundle is a running upload service and what tests use to call it.
type Bundle struct {
	Driver Driver
	Config app.Config
	// Client signs its calls as the gateway (As), the catalog (AsCatalog)
	// or the operator (AsOperator).
	Client uploadv1.UploadServiceClient
	// GRPCAddr is the service's gRPC listener.
	GRPCAddr string
	// TusURL is the tus endpoint's creation URL on the service's HTTP
	// listener (what the gateway proxies /v2/uploads/tus/ to).
	TusURL string
	// Objects is the same blob store the service uses, for inspection.
	Objects blob.Store
	JS      jetstream.JetStream
	Pool    *pgxpool.Pool
	Alice   principal.Principal
	Bob     principal.Principal
}

// Start runs the service on driver d; change, if given, adjusts the
// configuration first.
func Start(t *testing.T, d Driver, change ...func(*app.Config)) *Bundle {
	t.Helper()
	db := pgtest.Schema(t)
	natsURL := natstest.Start(t)
	blobCfg := Blob(t, d)
	cfg := config(db, natsURL, blobCfg)
	cfg.NATS = natstest.Settings(t, natsx.ServiceUpload) // as in production: upload's own user and rights
	for _, c := range change {
		c(&cfg)
	}
	grpcAddr, httpAddr := run(t, cfg)
	conn, err := grpcx.Dial(grpcAddr, grpcx.CallerCredentials(Root, grpcx.Gateway))
	if err != nil {
		t.Fatalf("uploadtest: %v", err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	objects, err := blob.Open(t.Context(), blobCfg)
	if err != nil {
		t.Fatalf("uploadtest: %v", err)
	}
	js, err := jetstream.New(natstest.Connect(t, natsURL)) // the harness, to read what upload published
	if err != nil {
		t.Fatalf("uploadtest: %v", err)
	}
	return &Bundle{
		Driver: d, Config: cfg, Client: uploadv1.NewUploadServiceClient(conn), GRPCAddr: grpcAddr,
		TusURL: "http://" + httpAddr + tus.BasePath, Objects: objects, JS: js, Pool: db.Pool(t),
		Alice: principal.Principal{AccountID: ids.New(), KeyID: ids.New(), ActorID: "alice-key"},
		Bob:   principal.Principal{AccountID: ids.New(), KeyID: ids.New(), ActorID: "bob-key"},
	}
}

// config is a complete configuration with generous limits; tests that
// exercise a limit lower it through SetAccountSettings or change.
func config(db pgtest.DB, natsURL string, b blob.Config) app.Config {
	cfg := app.Config{
		DatabaseURL: db.URL, DBSchema: db.Schema,
		URLTTL: 15 * time.Minute, TusTTL: 24 * time.Hour, Retention: 7 * 24 * time.Hour,
		SweepInterval:  time.Hour, // the tests call Sweep themselves
		UploadsEnabled: true, MaxFileBytes: 1 << 30, QuotaBytes: 4 << 30, MaxConcurrent: 10,
		Blob: app.BlobConfig{
			Driver: b.Driver, Dir: b.Dir, PublicURL: b.PublicBaseURL, SigningSecret: b.SigningSecret,
			S3Endpoint: b.Endpoint, S3Region: b.Region, S3Bucket: b.Bucket,
			S3AccessKey: b.AccessKey, S3SecretKey: b.SecretKey, S3CreateBucket: b.CreateBucket,
		},
	}
	cfg.NATSURL, cfg.InternalSecret = natsURL, Secret // config.Common's
	return cfg
}

// run starts app.Run on free ports and stops it when the test ends.
func run(t *testing.T, cfg app.Config) (grpcAddr, httpAddr string) {
	t.Helper()
	grpcLis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("uploadtest: %v", err)
	}
	httpLis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("uploadtest: %v", err)
	}
	logger := slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelWarn}))
	ctx, cancel := context.WithCancel(context.Background())
	ready := make(chan struct{})
	stopped := make(chan error, 1)
	opts := app.Options{Listener: grpcLis, HTTPListener: httpLis, Ready: func(string) { close(ready) }}
	go func() { stopped <- app.Run(ctx, cfg, logger, opts) }()
	t.Cleanup(func() {
		cancel()
		if err := <-stopped; err != nil {
			t.Errorf("app.Run: %v", err)
		}
	})
	select {
	case <-ready:
	case err := <-stopped:
		t.Fatalf("app.Run failed to start: %v", err)
	}
	return grpcLis.Addr().String(), httpLis.Addr().String()
}

// As returns a context whose calls act as p, signed as the gateway's.
func As(t *testing.T, p principal.Principal) context.Context {
	return principal.NewContext(t.Context(), p)
}

// AsCatalog returns a context whose calls act as p, signed as the
// catalog's (ResolveUpload is the catalog's).
func AsCatalog(t *testing.T, p principal.Principal) context.Context {
	return grpcx.WithCredentials(As(t, p), grpcx.CallerCredentials(Root, grpcx.Catalog))
}

// AsOperator returns a context whose calls are signed as admin tooling's,
// with no principal (account settings are the operator's).
func AsOperator(t *testing.T) context.Context {
	return grpcx.WithCredentials(t.Context(), grpcx.CallerCredentials(Root, grpcx.Operator))
}

// SignTus signs h as the gateway's proxy signs a tus request of method
// acting as p.
func SignTus(h http.Header, method string, p principal.Principal) {
	principal.SignHeaders(h, principal.NewCall(grpcx.Gateway, principal.TusMethod(method), p),
		Root.Derive(secrets.InternalCall(grpcx.Gateway)))
}
