package idempotency_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/internal/idempotency"
	"github.com/vidhost/vidhost/gateway/internal/idempotency/store"
	"github.com/vidhost/vidhost/gateway/migrations"
	"github.com/vidhost/vidhost/pkg/pgtest"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/pkg/roles"
	"github.com/vidhost/vidhost/pkg/secrets"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// fixture is the middleware over a real store in its own schema, in front
// of a handler that counts its runs and answers what the test says.
type fixture struct {
	handler http.Handler
	store   store.Store
	clock   *clock
	runs    atomic.Int32
	status  atomic.Int32
	release chan struct{} // when set, the backend waits for it
	method  string        // when set, the backend method each request calls
}

// testBox seals the fixture's answers.
var testBox = secrets.BoxFor(secrets.MustRoot("a root secret of thirty-two bytes or more"), secrets.IdempotencyRecord)

type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *clock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

func setup(t *testing.T) *fixture {
	t.Helper()
	db := pgtest.Schema(t)
	db.Migrate(t, migrations.FS)
	f := &fixture{store: store.New(db.Pool(t)), clock: &clock{now: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)}}
	f.status.Store(http.StatusOK)
	backend := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := f.runs.Add(1)
		idempotency.NoteCall(r.Context(), f.method) // as the grpc-gateway's annotator does
		if f.release != nil {
			<-f.release
		}
		body, _ := io.ReadAll(r.Body)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(int(f.status.Load()))
		_ = json.NewEncoder(w).Encode(map[string]any{"run": n, "echo": string(body)})
	})
	f.handler = idempotency.Middleware(idempotency.Options{Store: f.store, Box: &testBox, LockFor: time.Minute, Now: f.clock.Now})(backend)
	return f
}

// post sends body with key as an API key of account.
func (f *fixture) post(t *testing.T, account, key, body string) *httptest.ResponseRecorder {
	t.Helper()
	return f.postAs(t, apiKey(account, "key-1"), key, body)
}

func apiKey(account, id string) principal.Principal {
	return principal.Principal{AccountID: account, KeyID: id, ActorID: id, ActorType: principal.ActorAPIKey, Role: roles.Owner}
}

func person(account, id, role string) principal.Principal {
	return principal.Principal{AccountID: account, ActorID: id, ActorType: principal.ActorUser, Role: role}
}

func (f *fixture) postAs(t *testing.T, p principal.Principal, key, body string) *httptest.ResponseRecorder {
	t.Helper()
	r := httptest.NewRequest(http.MethodPost, "/v2/videos", strings.NewReader(body))
	if key != "" {
		r.Header.Set(idempotency.Header, key)
	}
	r = r.WithContext(principal.NewContext(r.Context(), p))
	w := httptest.NewRecorder()
	f.handler.ServeHTTP(w, r)
	return w
}

func errorCode(t *testing.T, w *httptest.ResponseRecorder) string {
	t.Helper()
	var failure struct {
		Errors []struct{ Code string } `json:"errors"`
	}
	require.NoError(t, json.Unmarshal(w.Body.Bytes(), &failure), w.Body.String())
	require.Len(t, failure.Errors, 1)
	return failure.Errors[0].Code
}

func TestSameKeyAndBodyReplaysTheFirstAnswer(t *testing.T) {
	f := setup(t)
	f.status.Store(http.StatusCreated)
	first := f.post(t, "acct-a", "k1", `{"name":"a"}`)
	require.Equal(t, http.StatusCreated, first.Code)
	assert.Empty(t, first.Header().Get(idempotency.ReplayedHeader))

	f.clock.advance(23 * time.Hour)
	again := f.post(t, "acct-a", "k1", `{"name":"a"}`)
	assert.Equal(t, http.StatusCreated, again.Code)
	assert.Equal(t, first.Body.String(), again.Body.String())
	assert.Equal(t, "true", again.Header().Get(idempotency.ReplayedHeader))
	assert.Equal(t, "application/json", again.Header().Get("Content-Type"))
	assert.Equal(t, int32(1), f.runs.Load(), "the request ran once")
}

func TestSameKeyOtherBodyIsAConflict(t *testing.T) {
	f := setup(t)
	f.post(t, "acct-a", "k1", `{"name":"a"}`)
	w := f.post(t, "acct-a", "k1", `{"name":"b"}`)
	assert.Equal(t, http.StatusConflict, w.Code)
	assert.Equal(t, "idempotency_key_reused", errorCode(t, w))
	assert.Equal(t, int32(1), f.runs.Load())
}

func TestKeysAreScopedToTheAccount(t *testing.T) {
	f := setup(t)
	f.post(t, "acct-a", "k1", `{"name":"a"}`)
	w := f.post(t, "acct-b", "k1", `{"name":"b"}`)
	assert.Equal(t, http.StatusOK, w.Code, "another account's key is not ours")
	assert.Empty(t, w.Header().Get(idempotency.ReplayedHeader))
	assert.Equal(t, int32(2), f.runs.Load())
}

func TestAKeyExpiresAfter24Hours(t *testing.T) {
	f := setup(t)
	f.post(t, "acct-a", "k1", `{"name":"a"}`)
	f.clock.advance(idempotency.TTL)
	w := f.post(t, "acct-a", "k1", `{"name":"other"}`)
	assert.Equal(t, http.StatusOK, w.Code, "an expired key is free again")
	assert.Empty(t, w.Header().Get(idempotency.ReplayedHeader))
	assert.Equal(t, int32(2), f.runs.Load())

	deleted, err := f.store.Sweep(t.Context(), f.clock.Now().Add(idempotency.TTL), 1000)
	require.NoError(t, err)
	assert.Equal(t, int64(1), deleted, "the sweeper deletes expired records")
}

func TestRetryableAnswersAreNotKept(t *testing.T) {
	for _, status := range []int{http.StatusServiceUnavailable, http.StatusTooManyRequests} {
		f := setup(t)
		f.status.Store(int32(status))
		assert.Equal(t, status, f.post(t, "acct-a", "k1", `{}`).Code)
		f.status.Store(http.StatusOK)
		w := f.post(t, "acct-a", "k1", `{}`)
		assert.Equal(t, http.StatusOK, w.Code, "after %d the retry runs", status)
		assert.Equal(t, int32(2), f.runs.Load())
	}
}

func TestAConcurrentDuplicateIsToldToWait(t *testing.T) {
	f := setup(t)
	f.release = make(chan struct{})
	done := make(chan *httptest.ResponseRecorder)
	go func() { done <- f.post(t, "acct-a", "k1", `{}`) }()
	require.Eventually(t, func() bool { return f.runs.Load() == 1 }, 5*time.Second, 5*time.Millisecond)

	w := f.post(t, "acct-a", "k1", `{}`)
	assert.Equal(t, http.StatusConflict, w.Code)
	assert.Equal(t, "idempotency_in_progress", errorCode(t, w))
	assert.Equal(t, "1", w.Header().Get("Retry-After"))
	close(f.release)
	assert.Equal(t, http.StatusOK, (<-done).Code)
	assert.Equal(t, "true", f.post(t, "acct-a", "k1", `{}`).Header().Get(idempotency.ReplayedHeader))
	assert.Equal(t, int32(1), f.runs.Load())
}

func TestAnAbandonedClaimIsTakenOver(t *testing.T) {
	f := setup(t)
	claim := idempotency.Claim{Scope: idempotency.Scope{AccountID: "acct-a", Principal: "key:key-1", Key: "k1"}, RequestHash: []byte("gone"), Now: f.clock.Now(),
		LockedUntil: f.clock.Now().Add(time.Minute), ExpiresTime: f.clock.Now().Add(idempotency.TTL)}
	claimed, err := f.store.Claim(t.Context(), claim) // a gateway that died before answering
	require.NoError(t, err)
	require.True(t, claimed)
	f.clock.advance(time.Minute)
	assert.Equal(t, http.StatusOK, f.post(t, "acct-a", "k1", `{}`).Code)
	assert.Equal(t, int32(1), f.runs.Load())
}

func TestKeyRulesAndPassThrough(t *testing.T) {
	f := setup(t)
	for _, key := range []string{strings.Repeat("k", idempotency.KeyMax+1), "has space", "tab\tkey"} {
		w := f.post(t, "acct-a", key, `{}`)
		assert.Equal(t, http.StatusBadRequest, w.Code, key)
		assert.Equal(t, "invalid_argument", errorCode(t, w))
	}
	assert.Equal(t, http.StatusOK, f.post(t, "acct-a", strings.Repeat("k", idempotency.KeyMax), `{}`).Code)
	f.post(t, "acct-a", "", `{}`)
	f.post(t, "acct-a", "", `{}`)
	assert.Equal(t, int32(3), f.runs.Load(), "without the header every request runs")
}

// TestWithoutAStoreKeyedPostsAreRefused: a gateway without a database
// cannot keep the promise, so a keyed POST is refused and never runs; an
// unkeyed one runs as usual.
func TestWithoutAStoreKeyedPostsAreRefused(t *testing.T) {
	f := &fixture{clock: &clock{now: time.Now()}}
	backend := http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		f.runs.Add(1)
		w.WriteHeader(http.StatusCreated)
	})
	f.handler = idempotency.Middleware(idempotency.Options{})(backend)

	keyed := f.post(t, "acct-a", "k1", `{"name":"a"}`)
	assert.Equal(t, http.StatusNotImplemented, keyed.Code)
	assert.Equal(t, "idempotency_unavailable", errorCode(t, keyed))
	assert.Zero(t, f.runs.Load(), "the refused request did not run")

	plain := f.post(t, "acct-a", "", `{"name":"a"}`)
	assert.Equal(t, http.StatusCreated, plain.Code)
	assert.Equal(t, int32(1), f.runs.Load())
}
