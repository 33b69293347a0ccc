package e2e

import (
	"encoding/json"
	"io"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Issue 26 #2, through the stack (a few seconds): an Idempotency-Key
// record belongs to the caller that made it. A viewer sending an admin's
// key and body is refused by role as without the header and never sees the
// admin's new API key; the admin, lowered to viewer, is refused too; two
// API keys of one account keep records of their own; and the stored answer
// holds no secret in clear in the gateway's database.

// memberSignedIn invites email with role through the owner's key, accepts
// the invite and signs the new person in (cookie and CSRF token).
func memberSignedIn(t *testing.T, role string) (*person, string) {
	t.Helper()
	email := uniqueWord(t, role) + "@example.com"
	const password = "a long enough password"
	mustOK(t, call(t, "POST", "/v2/invites", ownerOf(t), map[string]any{"email": email, "role": role}))
	mustOK(t, acceptInvite(t, inviteToken(t, email, 1), "The "+role, password))
	p := newPerson(t)
	r := mustOK(t, p.do(t, "POST", "/v2/session", map[string]any{"email": email, "password": password}))
	var s struct {
		CSRFToken string `json:"csrf_token"`
	}
	r.decode(t, &s)
	p.csrf = s.CSRFToken
	return p, email
}

// postKeyed is person.do for a POST carrying an Idempotency-Key.
func (p *person) postKeyed(t *testing.T, path, idempotencyKey string, body any) response {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, suiteOf(t).URL+path, bodyReader(t, body))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-CSRF-Token", p.csrf)
	req.Header.Set("Idempotency-Key", idempotencyKey)
	resp, err := p.client.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	out := response{Status: resp.StatusCode, Header: resp.Header, Raw: string(raw)}
	require.NoError(t, json.Unmarshal(raw, &out.Body), raw)
	return out
}

// storedAnswers are the gateway's stored answer bodies for idempotencyKey,
// read with the gateway's own database role.
func storedAnswers(t *testing.T, idempotencyKey string) [][]byte {
	t.Helper()
	conn, err := connect(t, suiteOf(t).ServiceDatabaseURL("gateway"))
	require.NoError(t, err)
	rows, err := conn.Query(t.Context(),
		"SELECT response_body FROM gateway.idempotency_keys WHERE key = $1 AND status IS NOT NULL", idempotencyKey)
	require.NoError(t, err)
	var bodies [][]byte
	for rows.Next() {
		var body []byte
		require.NoError(t, rows.Scan(&body))
		bodies = append(bodies, body)
	}
	require.NoError(t, rows.Err())
	return bodies
}

// deleteKeys deletes the API keys the test made, so lists of the shared
// account's keys stay short.
func deleteKeys(t *testing.T, ids ...string) {
	t.Helper()
	for _, id := range ids {
		mustOK(t, call(t, "DELETE", "/v2/keys/"+id, ownerOf(t), nil))
	}
}

func TestIdempotencyKeyIsTheCallersOwn(t *testing.T) {
	admin, adminEmail := memberSignedIn(t, "admin")
	viewer, _ := memberSignedIn(t, "viewer")
	key := uniqueWord(t, "idem-key")
	body := map[string]any{"type": "api", "name": key}

	var made apiKey
	mustOK(t, admin.postKeyed(t, "/v2/keys", key, body)).decode(t, &made)
	require.NotNil(t, made.Value)
	secret := *made.Value
	t.Cleanup(func() { deleteKeys(t, made.ID) })

	t.Run("a viewer sending the admin's key and body", func(t *testing.T) {
		r := viewer.postKeyed(t, "/v2/keys", key, body)
		mustFail(t, r, http.StatusForbidden, "your role (viewer) cannot do this")
		assert.Equal(t, "role_forbidden", r.Body.Errors[0].Code)
		assert.Empty(t, r.Header.Get("Idempotent-Replayed"))
		assert.NotContains(t, r.Raw, secret)
	})

	t.Run("the stored answer is sealed", func(t *testing.T) {
		bodies := storedAnswers(t, key)
		require.NotEmpty(t, bodies)
		for _, b := range bodies {
			assert.NotContains(t, string(b), secret)
			assert.NotContains(t, string(b), `"success"`, "no answer is kept in clear")
		}
	})

	t.Run("the admin lowered to viewer", func(t *testing.T) {
		again := admin.postKeyed(t, "/v2/keys", key, body)
		mustOK(t, again)
		assert.Equal(t, "true", again.Header.Get("Idempotent-Replayed"), "the admin's own repeat is replayed")
		id, _ := userByEmail(t, ownerOf(t), adminEmail)["id"].(string)
		require.NotEmpty(t, id)
		mustOK(t, call(t, "PATCH", "/v2/users/"+id, ownerOf(t), map[string]any{"role": "viewer"}))
		r := admin.postKeyed(t, "/v2/keys", key, body)
		mustFail(t, r, http.StatusForbidden, "your role (viewer) cannot do this")
		assert.Empty(t, r.Header.Get("Idempotent-Replayed"))
		assert.NotContains(t, r.Raw, secret)
	})

	t.Run("two API keys of one account", func(t *testing.T) {
		first, second := createKey(t, key+"-a", []string{}, []string{}), createKey(t, key+"-b", []string{}, []string{})
		t.Cleanup(func() { deleteKeys(t, first.ID, second.ID) })
		videoKey := uniqueWord(t, "idem-video")
		video := videoBody(map[string]any{"name": videoKey})
		mine := mustOK(t, callWithKey(t, "/v2/videos", *first.Value, videoKey, video))
		theirs := mustOK(t, callWithKey(t, "/v2/videos", *second.Value, videoKey, video))
		assert.Empty(t, theirs.Header.Get("Idempotent-Replayed"), "another key's record is not ours")
		assert.NotEqual(t, mine.Raw, theirs.Raw)
		assert.Equal(t, "true", callWithKey(t, "/v2/videos", *second.Value, videoKey, video).Header.Get("Idempotent-Replayed"))
		assert.Len(t, listAll(t, "/v2/videos?search="+videoKey), 2, "each key made its own video")
	})
}
