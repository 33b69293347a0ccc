package idempotency_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/internal/idempotency"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/pkg/roles"
	"github.com/vidhost/vidhost/pkg/secrets"
)

const (
	createAPIKey = "/vidhost.identity.v1.IdentityService/CreateApiKey"
	createVideo  = "/vidhost.catalog.v1.CatalogService/CreateVideo"
)

// Issue 26 #2: a record belongs to the caller that made it. Another caller
// of the same account sending the same key and body runs its own request
// and never sees the first answer.
func TestKeysAreScopedToThePrincipal(t *testing.T) {
	admin, key1 := person("acct-a", "user-admin", roles.Admin), apiKey("acct-a", "key-1")
	token := key1
	token.UploadToken = "jti-1"
	for name, tc := range map[string]struct{ first, other principal.Principal }{
		"a viewer after an admin": {admin, person("acct-a", "user-viewer", roles.Viewer)},
		"a key after a person":    {admin, key1},
		"two API keys":            {key1, apiKey("acct-a", "key-2")},
		"a key's upload token":    {key1, token},
	} {
		t.Run(name, func(t *testing.T) {
			f := setup(t)
			first := f.postAs(t, tc.first, "k1", `{"name":"a"}`)
			require.Equal(t, http.StatusOK, first.Code)
			w := f.postAs(t, tc.other, "k1", `{"name":"a"}`)
			assert.Equal(t, http.StatusOK, w.Code)
			assert.Empty(t, w.Header().Get(idempotency.ReplayedHeader), "not the first caller's answer")
			assert.NotEqual(t, first.Body.String(), w.Body.String())
			assert.Equal(t, int32(2), f.runs.Load(), "the other caller's request ran")
		})
	}
}

// A repeat is replayed only while the caller may still make the call: a
// person whose role was lowered below the method's least role, or a key
// made read-only, is answered by the backend as without the header.
func TestAReplayNeedsTheRightToCall(t *testing.T) {
	t.Run("a lowered role", func(t *testing.T) {
		f := setup(t)
		f.method = createAPIKey
		require.Equal(t, http.StatusOK, f.postAs(t, person("acct-a", "user-1", roles.Admin), "k1", `{}`).Code)
		w := f.postAs(t, person("acct-a", "user-1", roles.Viewer), "k1", `{}`)
		assert.Empty(t, w.Header().Get(idempotency.ReplayedHeader))
		assert.Equal(t, int32(2), f.runs.Load(), "the backend decided")
	})
	t.Run("a key made read-only", func(t *testing.T) {
		f := setup(t)
		f.method = createVideo
		require.Equal(t, http.StatusOK, f.post(t, "acct-a", "k1", `{}`).Code)
		readOnly := apiKey("acct-a", "key-1")
		readOnly.ReadOnly = true
		assert.Empty(t, f.postAs(t, readOnly, "k1", `{}`).Header().Get(idempotency.ReplayedHeader))
		assert.Equal(t, int32(2), f.runs.Load())
	})
	t.Run("a role still high enough", func(t *testing.T) {
		f := setup(t)
		f.method = createVideo
		require.Equal(t, http.StatusOK, f.postAs(t, person("acct-a", "user-1", roles.Admin), "k1", `{}`).Code)
		w := f.postAs(t, person("acct-a", "user-1", roles.Uploader), "k1", `{}`)
		assert.Equal(t, "true", w.Header().Get(idempotency.ReplayedHeader))
		assert.Equal(t, int32(1), f.runs.Load())
	})
	t.Run("a method the gateway may not call", func(t *testing.T) {
		f := setup(t)
		f.method = "/vidhost.identity.v1.IdentityAdminService/CreateAccount"
		f.post(t, "acct-a", "k1", `{}`)
		assert.Empty(t, f.post(t, "acct-a", "k1", `{}`).Header().Get(idempotency.ReplayedHeader))
		assert.Equal(t, int32(2), f.runs.Load())
	})
}

// Answers are stored sealed: the record holds neither the body nor any
// part of it, and a body sealed under another root secret is forgotten,
// so the retry after it runs the request anew.
func TestStoredAnswersAreSealed(t *testing.T) {
	f := setup(t)
	f.method = createAPIKey
	first := f.post(t, "acct-a", "k1", `{"name":"a-secret-value"}`)
	require.Equal(t, http.StatusOK, first.Code)
	record, err := f.store.Get(t.Context(), idempotency.Scope{AccountID: "acct-a", Principal: "key:key-1", Key: "k1"})
	require.NoError(t, err)
	require.NotNil(t, record.Response)
	assert.NotContains(t, string(record.Response.Body), "a-secret-value")
	assert.NotContains(t, string(record.Response.Body), `"run"`)
	assert.Equal(t, []string{createAPIKey}, record.Response.Methods)

	otherBox := secrets.BoxFor(secrets.MustRoot("another root secret, thirty-two bytes+"), secrets.IdempotencyRecord)
	rotated := idempotency.Middleware(idempotency.Options{Store: f.store, Box: &otherBox, LockFor: time.Minute, Now: f.clock.Now})
	f.handler = rotated(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		f.runs.Add(1)
		w.WriteHeader(http.StatusCreated)
	}))
	w := f.post(t, "acct-a", "k1", `{"name":"a-secret-value"}`)
	assert.Equal(t, http.StatusConflict, w.Code)
	assert.Equal(t, "idempotency_in_progress", errorCode(t, w))
	assert.Equal(t, http.StatusCreated, f.post(t, "acct-a", "k1", `{"name":"a-secret-value"}`).Code, "the retry ran")
	assert.Equal(t, int32(2), f.runs.Load())
}

func TestAStoreWithoutABoxIsRefused(t *testing.T) {
	f := setup(t)
	assert.Panics(t, func() { idempotency.Middleware(idempotency.Options{Store: f.store}) })
}

// A principal naming no caller (none is made today) cannot keep a record
// of its own, so its keyed POSTs are refused rather than shared.
func TestAPrincipalWithoutACallerIsRefused(t *testing.T) {
	f := setup(t)
	w := f.postAs(t, principal.Principal{AccountID: "acct-a"}, "k1", `{}`)
	assert.Equal(t, http.StatusNotImplemented, w.Code)
	assert.Equal(t, "idempotency_unavailable", errorCode(t, w))
	assert.Zero(t, f.runs.Load())
}
