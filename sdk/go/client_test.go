package vidhost

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// These tests pin the client's own HTTP behaviour (retries, errors,
// pagination) with a scripted server; deploy/devstack/e2e/sdk_test.go runs
// the client against the real stack.

// fastRetries keeps the tests quick without making them depend on timing.
var fastRetries = WithRetryPolicy(RetryPolicy{MaxAttempts: 4, BaseDelay: time.Millisecond, MaxDelay: 5 * time.Millisecond})

func writeEnvelope(w http.ResponseWriter, status int, result any, links map[string]string, errs ...ErrorDetail) {
	raw, _ := json.Marshal(result)
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{"success": status < 300, "result": json.RawMessage(raw), "links": links, "errors": errs})
}

func TestErrorsCarryTheEnvelope(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		assert.Equal(t, "Bearer vh_test", r.Header.Get("Authorization"))
		writeEnvelope(w, http.StatusNotFound, map[string]any{}, nil, ErrorDetail{Message: "Not found", Code: "not_found"})
	}))
	defer srv.Close()

	_, err := New(srv.URL, "vh_test").Videos.Get(t.Context(), "nope")

	var apiErr *Error
	require.ErrorAs(t, err, &apiErr)
	assert.Equal(t, &Error{Status: 404, Code: "not_found", Message: "Not found",
		Details: []ErrorDetail{{Message: "Not found", Code: "not_found"}}}, apiErr)
	assert.True(t, IsNotFound(err))
}

func TestANonEnvelopeAnswerIsStillAnError(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		http.Error(w, "bad gateway from a proxy", http.StatusBadGateway)
	}))
	defer srv.Close()

	_, err := New(srv.URL, "k", WithRetryPolicy(RetryPolicy{})).Players.Get(t.Context(), "p")

	var apiErr *Error
	require.ErrorAs(t, err, &apiErr)
	assert.Equal(t, 502, apiErr.Status)
	assert.Contains(t, apiErr.Message, "bad gateway from a proxy")
}

func TestOnlyIdempotentCallsAreRetried(t *testing.T) {
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := hits.Add(1)
		if r.Method == http.MethodPost || n < 3 {
			w.Header().Set("Retry-After", "0")
			writeEnvelope(w, http.StatusServiceUnavailable, map[string]any{}, nil, ErrorDetail{Message: "busy", Code: "unavailable"})
			return
		}
		writeEnvelope(w, http.StatusOK, Player{ID: "p1", Name: "Blog"}, nil)
	}))
	defer srv.Close()
	c := New(srv.URL, "k", fastRetries)

	p, err := c.Players.Get(t.Context(), "p1")
	require.NoError(t, err)
	assert.Equal(t, "Blog", p.Name)
	assert.Equal(t, int32(3), hits.Load(), "two 503s, then the answer")

	hits.Store(0)
	_, err = c.Players.Create(t.Context(), map[string]string{"name": "Blog"})
	assert.True(t, HasStatus(err, 503), "%v", err)
	assert.Equal(t, int32(1), hits.Load(), "a POST is sent once: repeating it could create two players")
}

func TestRetriesGiveUpAfterTheLastAttempt(t *testing.T) {
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		hits.Add(1)
		writeEnvelope(w, http.StatusTooManyRequests, map[string]any{}, nil, ErrorDetail{Message: "slow down", Code: "rate_limited"})
	}))
	defer srv.Close()

	err := New(srv.URL, "k", fastRetries).Videos.Delete(t.Context(), "v1")

	assert.True(t, HasStatus(err, 429), "%v", err)
	assert.Equal(t, int32(4), hits.Load())
}

func TestDelayHonoursRetryAfter(t *testing.T) {
	p := RetryPolicy{MaxAttempts: 3, BaseDelay: time.Second, MaxDelay: 10 * time.Second}
	header := func(v string) *http.Response { return &http.Response{Header: http.Header{"Retry-After": {v}}} }

	assert.Equal(t, 7*time.Second, p.delay(1, header("7")))
	assert.Equal(t, 10*time.Second, p.delay(1, header("3600")), "capped: a call should fail rather than hang")
	at := time.Now().Add(5 * time.Second).UTC().Format(http.TimeFormat)
	assert.InDelta(t, 5*time.Second, p.delay(1, header(at)), float64(1100*time.Millisecond), "an HTTP date")
	for attempt := 1; attempt <= 3; attempt++ {
		d := p.delay(attempt, nil)
		backoff := p.BaseDelay << (attempt - 1)
		assert.True(t, d >= backoff/2 && d <= backoff, "attempt %d: %v within [%v, %v]", attempt, d, backoff/2, backoff)
	}
}

func TestPaginationFollowsNextOnTheClientsOwnHost(t *testing.T) {
	var pages atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		pages.Add(1)
		page, _ := strconv.Atoi(r.URL.Query().Get("cursor"))
		assert.Equal(t, "2", r.URL.Query().Get("limit"))
		items := []Video{{ID: fmt.Sprint("v", 2*page)}, {ID: fmt.Sprint("v", 2*page+1)}}
		links := map[string]string{}
		if page < 2 {
			// A next link on another host must not receive the key.
			links["next"] = fmt.Sprintf("http://elsewhere.invalid/v2/videos?cursor=%d&limit=2", page+1)
		}
		writeEnvelope(w, http.StatusOK, items, links)
	}))
	defer srv.Close()
	c := New(srv.URL, "k")

	all, err := Collect(c.Videos.List(t.Context(), &ListOptions{Limit: 2}))
	require.NoError(t, err)
	var ids []string
	for _, v := range all {
		ids = append(ids, v.ID)
	}
	assert.Equal(t, []string{"v0", "v1", "v2", "v3", "v4", "v5"}, ids)
	assert.Equal(t, int32(3), pages.Load())

	pages.Store(0)
	for range c.Videos.List(t.Context(), &ListOptions{Limit: 2}) {
		break
	}
	assert.Equal(t, int32(1), pages.Load(), "breaking out of the loop fetches no more pages")
}
