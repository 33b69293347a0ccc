package playbacktest

import (
	"bytes"
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/vidhost/vidhost/gateway/internal/playback"
	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/grpcx"
	"github.com/vidhost/vidhost/pkg/secrets"
	"github.com/vidhost/vidhost/pkg/viewticket"
	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"
	identityv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
)

// Secret is the internal secret of the edge and the fakes.
const Secret = "playbacktest-internal-secret-playbacktest"

// Root is Secret parsed.
var Root = secrets.MustRoot(Secret)

// CacheTTL is the edge's lookup cache lifetime in tests.
const CacheTTL = 3 * time.Second

// Edge is the playback edge on an httptest server.
type Edge struct {
	URL      string
	Backends *Backends
	Store    *blob.Local
	Clock    *Clock
	Leads    *LeadRecorder
	Tokens   playback.Tokens
	// Tickets issues view tickets the edge accepts.
	Tickets viewticket.Signer
	// Handler is the edge itself, for what the gateway calls on it
	// (evictions, event subscriptions).
	Handler *playback.Handler
}

// StartEdge runs the edge with a fresh blob directory and fakes until t
// ends. tweak may change the options (another Store, a Sessions hook).
func StartEdge(t testing.TB, tweaks ...func(*playback.Options)) *Edge {
	t.Helper()
	backends := StartBackends(t, Root)
	conn, err := grpcx.Dial(backends.Addr, grpcx.CallerCredentials(Root, grpcx.Gateway))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	store, err := blob.NewLocal(blob.Config{Dir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	e := &Edge{Backends: backends, Store: store, Clock: NewClock(), Leads: &LeadRecorder{}}
	secret := playback.DeriveTokenSecret([]byte(Secret))
	e.Tokens = playback.NewTokens(secret, time.Hour, e.Clock.Now)
	ticketKey := Root.Derive(secrets.ViewTicket)
	e.Tickets = viewticket.NewSigner(ticketKey, e.Clock.Now)
	server := httptest.NewUnstartedServer(nil)
	opts := playback.Options{
		Catalog: catalogv1.NewCatalogServiceClient(conn), Identity: identityv1.NewIdentityServiceClient(conn),
		Store: store, MediaBaseURL: "http://" + server.Listener.Addr().String() + "/media",
		TokenSecret: secret, TokenTTL: time.Hour, CacheTTL: CacheTTL, ViewTicketKey: ticketKey,
		Leads: e.Leads, Logger: slog.New(slog.DiscardHandler), Now: e.Clock.Now,
	}
	for _, tweak := range tweaks {
		tweak(&opts)
	}
	handler, err := playback.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	e.Handler = handler
	mux := http.NewServeMux()
	handler.Register(mux)
	server.Config.Handler = mux
	server.Start()
	t.Cleanup(server.Close)
	e.URL = server.URL
	return e
}

// PutFile stores data as path in the media folder of accountID's videoID.
func (e *Edge) PutFile(t testing.TB, accountID, videoID, path string, data []byte) {
	t.Helper()
	key, err := blob.VideoKey(accountID, videoID, path)
	if err != nil {
		t.Fatal(err)
	}
	if err := e.Store.Put(context.Background(), key, bytes.NewReader(data), int64(len(data)), ""); err != nil {
		t.Fatal(err)
	}
}

// LeadRecorder is a LeadSink that keeps what it is given.
type LeadRecorder struct {
	mu    sync.Mutex
	leads []playback.Lead
}

// Submit implements playback.LeadSink.
func (r *LeadRecorder) Submit(_ context.Context, lead playback.Lead) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.leads = append(r.leads, lead)
	return nil
}

// Leads returns the leads submitted so far.
func (r *LeadRecorder) Leads() []playback.Lead {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]playback.Lead(nil), r.leads...)
}
