package e2e

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The audit-log session (issue: audit logs) takes a few seconds: two
// enterprise accounts each make 40 mixed mutations through their keys at
// once, then each account's GET /v2/audit_logs must hold exactly its own
// entries, with the right actor and address and none of the secrets used.

// auditEntry is one entry of GET /v2/audit_logs.
type auditEntry struct {
	ID         string `json:"id"`
	ActorType  string `json:"actor_type"`
	ActorID    string `json:"actor_id"`
	EntityType string `json:"entity_type"`
	EntityID   string `json:"entity_id"`
	ActionType string `json:"action_type"`
	ActionData string `json:"action_data"`
	ActionIP   string `json:"action_ip"`
	ActionTime string `json:"action_time"`
}

// auditSession is one account's scripted mutations and what it learned.
type auditSession struct {
	t       *testing.T
	key     string
	secrets []string // every secret the session saw: key values, upload URLs
	made    int      // mutations made
}

// mutate sends a mutation with an X-Forwarded-For the gateway must not
// trust (the devstack trusts no proxy), and returns the result's id.
func (s *auditSession) mutate(method, path string, body any) string {
	s.t.Helper()
	req, err := http.NewRequest(method, suiteOf(s.t).URL+path, bodyReader(s.t, body))
	require.NoError(s.t, err)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Authorization", "Bearer "+s.key)
	req.Header.Set("X-Forwarded-For", "203.0.113.66")
	got := mustOK(s.t, send(s.t, req))
	s.made++
	var out struct {
		ID    string `json:"id"`
		Value string `json:"value"`
		URL   string `json:"url"`
		Key   string `json:"key"`
	}
	if len(got.Body.Result) > 2 { // a delete's result is {}
		got.decode(s.t, &out)
	}
	// A key's value and an upload's presigned URL are secrets; a
	// category's value is not.
	switch {
	case path == "/v2/keys" && out.Value != "":
		s.secrets = append(s.secrets, out.Value)
	case path == "/v2/uploads" && out.URL != "":
		s.secrets = append(s.secrets, out.URL)
	case strings.HasSuffix(path, "/stream_key") && out.Key != "":
		s.secrets = append(s.secrets, out.Key)
	}
	return out.ID
}

// script makes 40 mutations across catalog, identity and upload.
func (s *auditSession) script() {
	s.t.Helper()
	category := s.mutate("POST", "/v2/categories", map[string]any{"name": "News", "value": uniqueWord(s.t, "news")})
	player := s.mutate("POST", "/v2/players", map[string]any{"name": "Main"})
	folder := s.mutate("POST", "/v2/folders", map[string]any{"name": "Shows"})
	video := s.mutate("POST", "/v2/videos", map[string]any{"name": "Launch", "type": "event"})
	s.mutate("PATCH", "/v2/videos/"+video, map[string]any{"name": "Launch day", "description": "the big one"})
	// A sub-resource: recorded as the video's changed field.
	s.mutate("POST", "/v2/videos/"+video+"/chapters", map[string]any{"name": "Intro", "start": "00:00:00"})
	s.mutate("POST", "/v2/folders/"+folder+"/videos/"+video, nil)
	s.mutate("DELETE", "/v2/folders/"+folder+"/videos/"+video, nil)
	// A live event's stream key, rotated then revoked: never in the log.
	s.mutate("POST", "/v2/videos/"+video+"/stream_key", nil)
	s.mutate("DELETE", "/v2/videos/"+video+"/stream_key", nil)
	key := s.mutate("POST", "/v2/keys", map[string]any{"type": "api", "name": "ci", "permissions": []string{}, "ips": []string{}})
	s.mutate("PATCH", "/v2/keys/"+key, map[string]any{"name": "ci reader", "permissions": []string{"fetch"}})
	s.mutate("DELETE", "/v2/keys/"+key, nil)
	kept := s.mutate("POST", "/v2/keys", map[string]any{"type": "api", "name": "kept", "permissions": []string{}, "ips": []string{}})
	s.mutate("PATCH", "/v2/keys/"+kept, map[string]any{"ips": []string{"192.0.2.0/24"}})
	jwtKey := s.mutate("POST", "/v2/jwt_keys", map[string]any{"name": "site", "public_key": publicKeyPEM(s.t)})
	s.mutate("DELETE", "/v2/jwt_keys/"+jwtKey, nil)
	upload := s.mutate("POST", "/v2/uploads", map[string]any{"name": "a.mp4", "size": 1024})
	s.mutate("DELETE", "/v2/uploads/"+upload, nil)
	s.mutate("POST", "/v2/uploads", map[string]any{"name": "b.mp4", "size": 2048})
	second := s.mutate("POST", "/v2/videos", map[string]any{"name": "Rehearsal", "type": "event"})
	s.mutate("DELETE", "/v2/videos/"+second, nil)
	gone := s.mutate("POST", "/v2/categories", map[string]any{"name": "Old", "value": uniqueWord(s.t, "old")})
	s.mutate("DELETE", "/v2/categories/"+gone, nil)
	sub := s.mutate("POST", "/v2/folders", map[string]any{"name": "Season 1", "parent_id": folder})
	s.mutate("DELETE", "/v2/folders/"+sub, nil)
	for i := s.made; i < 40; i += 3 {
		s.mutate("PATCH", "/v2/categories/"+category, map[string]any{"name": uniqueWord(s.t, "c")})
		if s.made < 40 {
			s.mutate("PATCH", "/v2/players/"+player, map[string]any{"name": uniqueWord(s.t, "p")})
		}
		if s.made < 40 {
			s.mutate("PATCH", "/v2/folders/"+folder, map[string]any{"name": uniqueWord(s.t, "f")})
		}
	}
	require.Equal(s.t, 40, s.made)
	// The account's key, two new keys' values, two uploads' URLs, a
	// rotated stream key.
	require.Len(s.t, s.secrets, 6, "the secrets the log must not hold")
}

// auditLog reads an account's whole log, page by page, newest first.
func auditLog(t *testing.T, key string) []auditEntry {
	t.Helper()
	var all []auditEntry
	path := "/v2/audit_logs?limit=25"
	for path != "" {
		got := mustOK(t, call(t, "GET", path, key, nil))
		var page []auditEntry
		got.decode(t, &page)
		all = append(all, page...)
		path = ""
		if next, ok := got.Body.Links["next"].(string); ok && next != "" {
			path = next
		}
	}
	return all
}

// waitForAuditLog polls until the log holds n entries; it fails on more.
func waitForAuditLog(t *testing.T, key string, n int) []auditEntry {
	t.Helper()
	var entries []auditEntry
	deadline := time.Now().Add(30 * time.Second)
	for {
		entries = auditLog(t, key)
		if len(entries) >= n || time.Now().After(deadline) {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	require.Len(t, entries, n)
	return entries
}

func TestAuditLogsRecordEachAccountsOwnMutations(t *testing.T) {
	tenants := []tenant{createTenant(t, "Audit A", "enterprise"), createTenant(t, "Audit B", "enterprise")}
	sessions := make([]*auditSession, len(tenants))
	start := time.Now()
	// Both sessions at once: the entries interleave on the bus.
	t.Run("sessions", func(t *testing.T) {
		for i, tn := range tenants {
			sessions[i] = &auditSession{key: tn.key, secrets: []string{tn.key}}
			t.Run(string(rune('A'+i)), func(t *testing.T) {
				t.Parallel()
				sessions[i].t = t
				sessions[i].script()
			})
		}
	})
	require.False(t, t.Failed())
	sessionTime, end := time.Since(start), time.Now()
	for i, tn := range tenants {
		s := sessions[i]
		keyID := keyIDOf(t, tn.key)
		// The admin command's account, owner invite and first key, by the
		// system, then the session's 40.
		entries := waitForAuditLog(t, tn.key, 43)
		t.Logf("account %d: %d entries listed %s after the sessions' last mutation (sessions took %s)",
			i, len(entries), time.Since(end).Round(time.Millisecond), sessionTime.Round(time.Millisecond))
		var byKey, bySystem int
		seen := map[string]bool{}
		for _, e := range entries {
			_, err := uuid.Parse(e.ID)
			assert.NoError(t, err, "id is a UUID")
			assert.False(t, seen[e.ID], "no entry twice")
			seen[e.ID] = true
			_, err = time.Parse("2006-01-02T15:04:05.000Z", e.ActionTime)
			assert.NoError(t, err, "action_time is ISO 8601 with milliseconds")
			for _, secret := range s.secrets {
				assert.NotContains(t, e.ActionData, secret, "a secret in action_data of %s %s", e.EntityType, e.ActionType)
			}
			switch e.ActorType {
			case "api_key":
				byKey++
				assert.Equal(t, keyID, e.ActorID)
				assert.Equal(t, "127.0.0.1", e.ActionIP, "the client's address as the gateway saw it, not an untrusted X-Forwarded-For")
			case "system":
				bySystem++
				assert.Equal(t, "operator", e.ActorID)
				assert.Empty(t, e.ActionIP)
			default:
				t.Errorf("unexpected actor_type %q", e.ActorType)
			}
		}
		assert.Equal(t, 40, byKey, "the session's own 40 mutations")
		assert.Equal(t, 3, bySystem, "the account, its owner's invite and its first key, made by the operator")
		for j := 1; j < len(entries); j++ {
			assert.GreaterOrEqual(t, entries[j-1].ActionTime, entries[j].ActionTime, "newest first")
		}
		// Nothing of the other account.
		other := sessions[1-i]
		for _, e := range entries {
			assert.NotEqual(t, keyIDOf(t, other.key), e.ActorID)
		}
		assertEntityMix(t, entries)
		assertChangedFields(t, entries)
	}
}

// assertChangedFields checks that updates record the fields they changed.
func assertChangedFields(t *testing.T, entries []auditEntry) {
	t.Helper()
	want := map[string]string{
		"videos": `{"name": "Launch day", "description": "the big one"}`,
		"keys":   `{"name": "ci reader", "permissions": ["fetch"]}`,
	}
	for _, e := range entries {
		// The video's patch (not its chapter), the key's first patch (not its ips).
		if data, ok := want[e.EntityType]; ok && e.ActionType == "update" && !strings.Contains(e.ActionData, "192.0.2.0/24") &&
			!strings.Contains(e.ActionData, "chapters") {
			assert.JSONEq(t, data, e.ActionData, "%s update", e.EntityType)
			delete(want, e.EntityType)
		}
	}
	assert.Empty(t, want, "updates not found")
	var chapter bool
	for _, e := range entries {
		var fields map[string]any
		if e.EntityType == "videos" && e.ActionType == "update" && json.Unmarshal([]byte(e.ActionData), &fields) == nil {
			if _, ok := fields["chapters"]; ok && len(fields) == 1 {
				chapter = true
				assert.Contains(t, e.ActionData, `"Intro"`)
			}
		}
	}
	assert.True(t, chapter, "the chapter is recorded as the video's changed chapters")
}

// assertEntityMix checks the session reached every service's resources.
func assertEntityMix(t *testing.T, entries []auditEntry) {
	t.Helper()
	kinds := map[string]bool{}
	for _, e := range entries {
		kinds[e.EntityType+" "+e.ActionType] = true
	}
	for _, want := range []string{
		"categories create", "categories update", "categories delete", "players create", "players update",
		"folders create", "folders update", "folders delete", "videos create", "videos update", "videos delete",
		"keys create", "keys update", "keys delete", "jwt_keys create", "jwt_keys delete",
		"uploads create", "uploads delete", "accounts create",
	} {
		assert.True(t, kinds[want], "no %q entry", want)
	}
}

// keyIDOf returns the id of the key whose value is key: the only key named
// "first key" in its account.
func keyIDOf(t *testing.T, key string) string {
	t.Helper()
	var keys []struct {
		ID   string `json:"id"`
		Name string `json:"name"`
	}
	mustOK(t, call(t, "GET", "/v2/keys", key, nil)).decode(t, &keys)
	for _, k := range keys {
		if strings.EqualFold(k.Name, "first key") {
			return k.ID
		}
	}
	t.Fatalf("no first key in %v", keys)
	return ""
}

func TestAuditLogsNeedTheEnterprisePlan(t *testing.T) {
	free := createTenant(t, "Audit free", "free")
	mustFail(t, call(t, "GET", "/v2/audit_logs", free.key, nil), http.StatusForbidden,
		"audit logs requires the enterprise plan or higher")
}
