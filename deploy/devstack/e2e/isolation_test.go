package e2e

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"encoding/json"
	"encoding/pem"
	"net/http"
	"os"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"

	"github.com/vidhost/vidhost/pkg/ids"
)

// The tenant-isolation walk (issue 12, item 6) takes about a second: two
// accounts made with the admin command, A's resources, then every /v2 route
// of gateway/api_v2.yaml called with B's key against A's ids.

// route is one HTTP binding of gateway/api_v2.yaml: "GET /v2/videos/{id}".
type route string

// apiRoutes reads every binding, additional ones included, from the file
// the gateway is generated from.
func apiRoutes(t *testing.T) []route {
	t.Helper()
	raw, err := os.ReadFile("../../../gateway/api_v2.yaml")
	require.NoError(t, err)
	type binding struct {
		Get, Post, Patch, Put, Delete string
		AdditionalBindings            []binding `yaml:"additional_bindings"`
	}
	var doc struct {
		HTTP struct {
			Rules []binding `yaml:"rules"`
		} `yaml:"http"`
	}
	require.NoError(t, yaml.Unmarshal(raw, &doc))
	var out []route
	var add func(b binding)
	add = func(b binding) {
		for method, path := range map[string]string{"GET": b.Get, "POST": b.Post, "PATCH": b.Patch, "PUT": b.Put, "DELETE": b.Delete} {
			if path != "" {
				out = append(out, route(method+" "+path))
			}
		}
		for _, more := range b.AdditionalBindings {
			add(more)
		}
	}
	for _, r := range doc.HTTP.Rules {
		add(r)
	}
	require.NotEmpty(t, out)
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// fixtures are account A's resources. Sub-resources of A's video (cards,
// chapters, gates, hotspots, tracks, leads) are addressed through A's video,
// which B must not find whatever the sub-resource id.
type fixtures struct {
	video, category, categoryValue, player, folder, upload, jwtKey, key, user, invite, idp, sub string
	// service is A's webhook (serviceSecret its signing secret), hook A's
	// hook on it.
	service, serviceSecret, hook string
	// streamKey is the secret of A's event (video), its RTMP ingest key.
	streamKey string
	// restream is an output of A's event; restreamKey its write-only key.
	restream, restreamKey string
}

// secrets are the values of A that B must never find or see.
func (f fixtures) secrets() []string {
	return []string{f.video, f.category, f.categoryValue, f.player, f.folder, f.upload, f.jwtKey, f.key, f.user, f.invite, f.idp,
		f.service, f.serviceSecret, f.hook, f.streamKey, f.restream, f.restreamKey}
}

func createFixtures(t *testing.T, key string) fixtures {
	t.Helper()
	created := func(path string, body any) string {
		var out struct {
			ID string `json:"id"`
		}
		mustOK(t, call(t, "POST", path, key, body)).decode(t, &out)
		require.Len(t, out.ID, 21, path)
		return out.ID
	}
	f := fixtures{categoryValue: uniqueWord(t, "cata"), sub: ids.New()}
	f.category = created("/v2/categories", map[string]any{"name": "A's", "value": f.categoryValue})
	f.player = created("/v2/players", map[string]any{"name": "A's player"})
	f.folder = created("/v2/folders", map[string]any{"name": "A's folder"})
	// An event: no transcode runs, so nothing of A changes by itself.
	f.video = created("/v2/videos", map[string]any{"name": "A's video", "type": "event", "categories": []string{f.categoryValue}})
	mustOK(t, call(t, "POST", "/v2/folders/"+f.folder+"/videos/"+f.video, key, nil))
	var streamKey struct {
		Key string `json:"key"`
	}
	mustOK(t, call(t, "GET", "/v2/videos/"+f.video+"/stream_key", key, nil)).decode(t, &streamKey)
	require.NotEmpty(t, streamKey.Key)
	f.streamKey = streamKey.Key
	f.restreamKey = "a-restream-key-" + ids.New()
	f.restream = created("/v2/videos/"+f.video+"/restreams",
		map[string]any{"name": "A's output", "url": "rtmps://a.rtmp.youtube.com/live2", "stream_key": f.restreamKey})
	f.upload = created("/v2/uploads", map[string]any{"name": "a.mp4", "size": 1024})
	f.jwtKey = created("/v2/jwt_keys", map[string]any{"name": "A's JWT key", "public_key": publicKeyPEM(t)})
	f.key = created("/v2/keys", map[string]any{"type": "api", "name": "A's key", "permissions": []string{}, "ips": []string{}})
	f.invite = created("/v2/invites", map[string]any{"email": uniqueWord(t, "invitee") + "@example.com", "role": "viewer"})
	f.idp = created("/v2/identity_providers", idpBody(uniqueWord(t, "a")+".example.com"))
	var users []struct {
		ID string `json:"id"`
	}
	mustOK(t, call(t, "GET", "/v2/users", key, nil)).decode(t, &users)
	require.NotEmpty(t, users, "A's owner")
	f.user = users[0].ID
	var service struct {
		ID     string `json:"id"`
		Secret string `json:"secret"`
	}
	mustOK(t, call(t, "POST", "/v2/services", key, webhookBody("A's webhook"))).decode(t, &service)
	require.Len(t, service.ID, 21)
	f.service, f.serviceSecret = service.ID, service.Secret
	f.hook = created("/v2/hooks", hookBody(f.service))
	return f
}

func webhookBody(name string) map[string]any {
	return map[string]any{"name": name, "type": "webhook", "url": "https://hooks.example.com/vidhost"}
}

func hookBody(serviceID string) map[string]any {
	return map[string]any{"name": "Every video", "event": "video.created", "service": serviceID, "action": "videos.insert"}
}

// idpBody is an identity provider claiming domain; nothing fetches its issuer
// until someone signs in.
func idpBody(domain string) map[string]any {
	return map[string]any{"name": "SSO", "issuer_url": "https://idp.example.com", "client_id": "vidhost",
		"client_secret": "s3cret-" + domain, "allowed_domains": []string{domain}, "default_role": "viewer"}
}

func publicKeyPEM(t *testing.T) string {
	private, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	require.NoError(t, err)
	der, err := x509.MarshalPKIXPublicKey(private.Public())
	require.NoError(t, err)
	return string(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der}))
}

// walkCase is B's request on one route.
type walkCase struct {
	path string
	body any
	// list: a list of B's own, which must answer 200 without A's ids.
	list bool
	// own: B making something of its own that can name nothing of A.
	own bool
	// signedIn: a route of the signed-in user (/v2/users/me/...), which
	// names no id: B's API key is refused and sees nothing of A.
	signedIn bool
}

// walkCases has one case per route; the walk fails on a route without one.
func walkCases(a fixtures) map[route]walkCase {
	v, sub := "/v2/videos/"+a.video, a.sub
	name := map[string]any{"name": "B was here"}
	return map[route]walkCase{
		"GET /v2/keys":             {path: "/v2/keys", list: true},
		"GET /v2/api_keys":         {path: "/v2/api_keys", list: true},
		"POST /v2/keys":            {path: "/v2/keys", own: true, body: map[string]any{"type": "api", "name": "B", "permissions": []string{}, "ips": []string{}}},
		"GET /v2/keys/{id}":        {path: "/v2/keys/" + a.key},
		"PATCH /v2/keys/{id}":      {path: "/v2/keys/" + a.key, body: name},
		"DELETE /v2/keys/{id}":     {path: "/v2/keys/" + a.key},
		"GET /v2/jwt_keys":         {path: "/v2/jwt_keys", list: true},
		"POST /v2/jwt_keys":        {path: "/v2/jwt_keys", own: true},
		"GET /v2/jwt_keys/{id}":    {path: "/v2/jwt_keys/" + a.jwtKey},
		"DELETE /v2/jwt_keys/{id}": {path: "/v2/jwt_keys/" + a.jwtKey},
		"GET /v2/users":            {path: "/v2/users", list: true},
		// The signed-in user's multi-factor codes (docs/authentication.md).
		"POST /v2/users/me/mfa":         {path: "/v2/users/me/mfa", signedIn: true, body: map[string]any{}},
		"POST /v2/users/me/mfa/confirm": {path: "/v2/users/me/mfa/confirm", signedIn: true, body: map[string]any{"code": "123456"}},
		"POST /v2/users/me/mfa/disable": {path: "/v2/users/me/mfa/disable", signedIn: true, body: map[string]any{"code": "123456"}},
		// B's own account: it names no id of A.
		"PUT /v2/account/mfa_required": {path: "/v2/account/mfa_required", own: true, body: map[string]any{"required": false}},
		"GET /v2/users/{id}":           {path: "/v2/users/" + a.user},
		"PATCH /v2/users/{id}":         {path: "/v2/users/" + a.user, body: name},
		"DELETE /v2/users/{id}":        {path: "/v2/users/" + a.user},
		// B's own log, which names nothing of A.
		"GET /v2/audit_logs": {path: "/v2/audit_logs", list: true},

		// B's own account, its uploads' bytes and its videos' minutes: no id of A
		// can be named, and the answer must hold nothing of A (docs/account.md).
		"GET /v2/account":         {path: "/v2/account", own: true},
		"GET /v2/account/uploads": {path: "/v2/account/uploads", own: true},
		"GET /v2/account/videos":  {path: "/v2/account/videos", own: true},

		"GET /v2/invites":              {path: "/v2/invites", list: true},
		"POST /v2/invites":             {path: "/v2/invites", own: true, body: map[string]any{"email": "b" + hostLabel() + "@example.com", "role": "viewer"}},
		"GET /v2/invites/{id}":         {path: "/v2/invites/" + a.invite},
		"DELETE /v2/invites/{id}":      {path: "/v2/invites/" + a.invite},
		"POST /v2/invites/{id}/resend": {path: "/v2/invites/" + a.invite + "/resend"},

		"GET /v2/identity_providers":              {path: "/v2/identity_providers", list: true},
		"POST /v2/identity_providers":             {path: "/v2/identity_providers", own: true, body: idpBody("b" + hostLabel() + ".example.com")},
		"GET /v2/identity_providers/{id}":         {path: "/v2/identity_providers/" + a.idp},
		"PATCH /v2/identity_providers/{id}":       {path: "/v2/identity_providers/" + a.idp, body: name},
		"DELETE /v2/identity_providers/{id}":      {path: "/v2/identity_providers/" + a.idp},
		"POST /v2/identity_providers/{id}/verify": {path: "/v2/identity_providers/" + a.idp + "/verify", body: map[string]any{"domain": "a.example.com"}},

		"GET /v2/categories":                               {path: "/v2/categories", list: true},
		"POST /v2/categories":                              {path: "/v2/categories", own: true, body: map[string]any{"name": "B's", "value": "b" + strings.ToLower(ids.New()[:8])}},
		"GET /v2/categories/{id}":                          {path: "/v2/categories/" + a.category},
		"PATCH /v2/categories/{id}":                        {path: "/v2/categories/" + a.category, body: name},
		"DELETE /v2/categories/{id}":                       {path: "/v2/categories/" + a.category},
		"GET /v2/players":                                  {path: "/v2/players", list: true},
		"POST /v2/players":                                 {path: "/v2/players", own: true, body: name},
		"GET /v2/players/{id}":                             {path: "/v2/players/" + a.player},
		"PATCH /v2/players/{id}":                           {path: "/v2/players/" + a.player, body: name},
		"DELETE /v2/players/{id}":                          {path: "/v2/players/" + a.player},
		"GET /v2/folders":                                  {path: "/v2/folders", list: true},
		"POST /v2/folders":                                 {path: "/v2/folders", body: map[string]any{"name": "B's", "parent_id": a.folder}},
		"GET /v2/folders/{id}":                             {path: "/v2/folders/" + a.folder},
		"PATCH /v2/folders/{id}":                           {path: "/v2/folders/" + a.folder, body: name},
		"DELETE /v2/folders/{id}":                          {path: "/v2/folders/" + a.folder},
		"GET /v2/folders/{folder_id}/videos":               {path: "/v2/folders/" + a.folder + "/videos"},
		"POST /v2/folders/{folder_id}/videos/{video_id}":   {path: "/v2/folders/" + a.folder + "/videos/" + a.video},
		"DELETE /v2/folders/{folder_id}/videos/{video_id}": {path: "/v2/folders/" + a.folder + "/videos/" + a.video},

		"GET /v2/uploads":         {path: "/v2/uploads", list: true},
		"POST /v2/uploads":        {path: "/v2/uploads", own: true, body: map[string]any{"name": "b.mp4", "size": 1024}},
		"DELETE /v2/uploads/{id}": {path: "/v2/uploads/" + a.upload},

		"GET /v2/videos": {path: "/v2/videos", list: true},
		// A's ids inside B's body: an upload reference, a category, a player.
		"POST /v2/videos":                            {path: "/v2/videos", body: map[string]any{"name": "B's", "input": "svc://uploads/" + a.upload}},
		"GET /v2/videos/{id}":                        {path: v},
		"PATCH /v2/videos/{id}":                      {path: v, body: name},
		"DELETE /v2/videos/{id}":                     {path: v},
		"GET /v2/videos/{video_id}/leads":            {path: v + "/leads"},
		"DELETE /v2/videos/{video_id}/leads/{id}":    {path: v + "/leads/" + sub},
		"POST /v2/videos/{video_id}/cards":           {path: v + "/cards", body: cardBody(nil)},
		"PATCH /v2/videos/{video_id}/cards/{id}":     {path: v + "/cards/" + sub, body: name},
		"DELETE /v2/videos/{video_id}/cards/{id}":    {path: v + "/cards/" + sub},
		"POST /v2/videos/{video_id}/chapters":        {path: v + "/chapters", body: map[string]any{"name": "B", "start": "00:00:00"}},
		"PATCH /v2/videos/{video_id}/chapters/{id}":  {path: v + "/chapters/" + sub, body: name},
		"DELETE /v2/videos/{video_id}/chapters/{id}": {path: v + "/chapters/" + sub},
		"POST /v2/videos/{video_id}/gates":           {path: v + "/gates", body: gateBody(nil)},
		"PATCH /v2/videos/{video_id}/gates/{id}":     {path: v + "/gates/" + sub, body: name},
		"DELETE /v2/videos/{video_id}/gates/{id}":    {path: v + "/gates/" + sub},
		"POST /v2/videos/{video_id}/hotspots":        {path: v + "/hotspots", body: hotspotBody(nil)},
		"PATCH /v2/videos/{video_id}/hotspots/{id}":  {path: v + "/hotspots/" + sub, body: name},
		"DELETE /v2/videos/{video_id}/hotspots/{id}": {path: v + "/hotspots/" + sub},
		"POST /v2/videos/{video_id}/thumbnail":       {path: v + "/thumbnail", body: map[string]any{"url": "svc://uploads/" + a.upload}},
		"POST /v2/videos/{video_id}/tracks":          {path: v + "/tracks", body: map[string]any{"label": "English", "language": "en", "kind": "captions", "url": "svc://uploads/" + a.upload}},
		"DELETE /v2/videos/{video_id}/tracks/{id}":   {path: v + "/tracks/" + sub},
		"GET /v2/videos/{video_id}/stream_key":       {path: v + "/stream_key"},
		"POST /v2/videos/{video_id}/stream_key":      {path: v + "/stream_key"},
		"DELETE /v2/videos/{video_id}/stream_key":    {path: v + "/stream_key"},

		// Restreams and instant clips: sub-resources of A's event, and a
		// clip of it, which B finds nowhere.
		"POST /v2/videos/{video_id}/restreams": {path: v + "/restreams",
			body: map[string]any{"name": "B's", "url": "rtmps://a.rtmp.youtube.com/live2", "stream_key": "b"}},
		"GET /v2/videos/{video_id}/restreams":         {path: v + "/restreams"},
		"GET /v2/videos/{video_id}/restreams/{id}":    {path: v + "/restreams/" + a.restream},
		"PATCH /v2/videos/{video_id}/restreams/{id}":  {path: v + "/restreams/" + a.restream, body: name},
		"DELETE /v2/videos/{video_id}/restreams/{id}": {path: v + "/restreams/" + a.restream},
		"POST /v2/videos/{video_id}/clips":            {path: v + "/clips", body: map[string]any{"start_seconds": 0, "end_seconds": 10}},

		// Transcribes (docs/transcribes.md): A's video inside B's request
		// answers as a video that exists nowhere. A's fixtures hold no
		// transcribe (that needs a transcoded video), so GET and DELETE name
		// an id of A's kind that B cannot tell from a missing one.
		"GET /v2/transcribes":         {path: "/v2/transcribes?video_id=" + a.video, list: true},
		"POST /v2/transcribes":        {path: "/v2/transcribes", body: map[string]any{"video_id": a.video, "language": "en-US", "label": "B's", "kind": "subtitles"}},
		"GET /v2/transcribes/{id}":    {path: "/v2/transcribes/" + sub},
		"DELETE /v2/transcribes/{id}": {path: "/v2/transcribes/" + sub},

		// B's report filtered on A's video: B's own (empty) rows, never A's views.
		"GET /v2/analytics":        {path: "/v2/analytics?dimension=video_id&metric=views&start=2026-01-01&end=2026-12-31&filter=video_id%3D%3D" + a.video, list: true},
		"GET /v2/analytics/videos": {path: "/v2/analytics/videos?metric=views&start=2026-01-01&end=2026-12-31&filter=video_id%3D%3D" + a.video, list: true},

		"GET /v2/services":                     {path: "/v2/services", list: true},
		"POST /v2/services":                    {path: "/v2/services", own: true, body: webhookBody("B's webhook")},
		"GET /v2/services/{id}":                {path: "/v2/services/" + a.service},
		"PATCH /v2/services/{id}":              {path: "/v2/services/" + a.service, body: name},
		"DELETE /v2/services/{id}":             {path: "/v2/services/" + a.service},
		"POST /v2/services/{id}/rotate_secret": {path: "/v2/services/" + a.service + "/rotate_secret"},
		"GET /v2/hooks":                        {path: "/v2/hooks", list: true},
		// A's service inside B's hook answers as a service that exists nowhere.
		"POST /v2/hooks":                                 {path: "/v2/hooks", body: hookBody(a.service)},
		"GET /v2/hooks/{id}":                             {path: "/v2/hooks/" + a.hook},
		"PATCH /v2/hooks/{id}":                           {path: "/v2/hooks/" + a.hook, body: name},
		"DELETE /v2/hooks/{id}":                          {path: "/v2/hooks/" + a.hook},
		"GET /v2/hooks/{hook_id}/deliveries":             {path: "/v2/hooks/" + a.hook + "/deliveries"},
		"POST /v2/hooks/{hook_id}/deliveries/{id}/retry": {path: "/v2/hooks/" + a.hook + "/deliveries/" + sub + "/retry"},
	}
}

// snapshot is what A sees of its own resources, to prove B changed nothing.
func snapshot(t *testing.T, key string, a fixtures) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, path := range []string{
		"/v2/videos/" + a.video, "/v2/categories/" + a.category, "/v2/players/" + a.player, "/v2/folders/" + a.folder,
		"/v2/folders/" + a.folder + "/videos", "/v2/keys/" + a.key, "/v2/jwt_keys/" + a.jwtKey, "/v2/uploads",
		"/v2/videos/" + a.video + "/leads", "/v2/keys", "/v2/folders", "/v2/categories", "/v2/players", "/v2/videos",
		"/v2/users/" + a.user, "/v2/users", "/v2/invites/" + a.invite, "/v2/invites",
		"/v2/services/" + a.service, "/v2/services", "/v2/hooks/" + a.hook, "/v2/hooks", "/v2/hooks/" + a.hook + "/deliveries",
		"/v2/identity_providers/" + a.idp, "/v2/identity_providers", "/v2/transcribes",
		"/v2/videos/" + a.video + "/restreams", "/v2/videos/" + a.video + "/restreams/" + a.restream,
	} {
		out[path] = string(mustOK(t, call(t, "GET", path, key, nil)).Body.Result)
	}
	return out
}

func TestTenantIsolationWalk(t *testing.T) {
	a := createTenant(t, "Tenant A", "enterprise")
	b := createTenant(t, "Tenant B", "enterprise")
	fixtures := createFixtures(t, a.key)
	before := snapshot(t, a.key, fixtures)
	cases := walkCases(fixtures)
	routes := apiRoutes(t)

	seen := map[route]bool{}
	for _, r := range routes {
		seen[r] = true
		tc, ok := cases[r]
		if !assert.True(t, ok, "%s has no tenant-isolation case: add one to walkCases", r) {
			continue
		}
		method := strings.SplitN(string(r), " ", 2)[0]
		t.Run(string(r), func(t *testing.T) {
			walk(t, b.key, method, tc, fixtures)
		})
	}
	for r := range cases {
		assert.True(t, seen[r], "walkCases has %s, which gateway/api_v2.yaml no longer has", r)
	}
	assert.Equal(t, before, snapshot(t, a.key, fixtures), "B changed nothing of A")
}

func walk(t *testing.T, keyB, method string, tc walkCase, a fixtures) {
	body := tc.body
	if tc.own && method == "POST" && tc.path == "/v2/jwt_keys" {
		body = map[string]any{"name": "B's", "public_key": publicKeyPEM(t)}
	}
	got := call(t, method, tc.path, keyB, body)
	switch {
	case tc.list || tc.own:
		require.Less(t, got.Status, 300, got.Raw)
	case tc.signedIn:
		mustFail(t, got, http.StatusForbidden, "only a signed-in user can do this")
	default:
		// A's ids answer exactly as ids that exist nowhere.
		missing := call(t, method, replaceSecrets(tc.path, a), keyB, replaceInBody(t, body, a))
		assert.Equal(t, missing.Status, got.Status, "A's ids answer as missing ones: %s / %s", got.Raw, missing.Raw)
		assert.Equal(t, missing.message(), replaceSecrets(got.message(), a), "the same answer, but for the value B sent")
		if strings.ContainsAny(strings.TrimPrefix(tc.path, "/v2/"), "/") {
			mustFail(t, got, http.StatusNotFound, "Not found")
		}
	}
	for _, secret := range a.secrets() {
		assert.NotContains(t, got.Raw, secret, "B's answer names something of A")
	}
}

// standIns maps each of A's values to one that exists nowhere, the same
// every time, so answers that echo a value compare equal.
var standIns sync.Map

// replaceSecrets swaps each of A's values in s for its stand-in.
func replaceSecrets(s string, a fixtures) string {
	for _, secret := range a.secrets() {
		fresh := ids.New()
		if secret == a.categoryValue {
			fresh = "nowhere" + strings.ToLower(fresh[:6])
		}
		stand, _ := standIns.LoadOrStore(secret, fresh)
		s = strings.ReplaceAll(s, secret, stand.(string))
	}
	return s
}

func replaceInBody(t *testing.T, body any, a fixtures) any {
	if body == nil {
		return nil
	}
	raw, err := json.Marshal(body)
	require.NoError(t, err)
	return json.RawMessage(replaceSecrets(string(raw), a))
}

// A's ids inside requests about B's own resources answer as ids that exist
// nowhere, and B's resources do not take them.
func TestTenantIsolationReferencesInBsResources(t *testing.T) {
	a := createTenant(t, "Tenant A refs", "enterprise")
	b := createTenant(t, "Tenant B refs", "enterprise")
	fixtures := createFixtures(t, a.key)
	before := snapshot(t, a.key, fixtures)
	own := createFixtures(t, b.key)
	for _, tc := range []struct {
		name, method, path string
		body               any
	}{
		{"B's video filed under A's category", "PATCH", "/v2/videos/" + own.video, map[string]any{"categories": []string{fixtures.categoryValue}}},
		{"B's folder moved under A's folder", "PATCH", "/v2/folders/" + own.folder, map[string]any{"parent_id": fixtures.folder}},
		{"A's video filed in B's folder", "POST", "/v2/folders/" + own.folder + "/videos/" + fixtures.video, nil},
		{"B's video filed in A's folder", "POST", "/v2/folders/" + fixtures.folder + "/videos/" + own.video, nil},
		{"A's upload as B's thumbnail", "POST", "/v2/videos/" + own.video + "/thumbnail", map[string]any{"url": "svc://uploads/" + fixtures.upload}},
		{"A's upload as B's track", "POST", "/v2/videos/" + own.video + "/tracks", map[string]any{"label": "English", "language": "en", "kind": "captions", "url": "svc://uploads/" + fixtures.upload}},
		{"A's service in B's new hook", "POST", "/v2/hooks", hookBody(fixtures.service)},
		{"B's hook moved to A's service", "PATCH", "/v2/hooks/" + own.hook, map[string]any{"service": fixtures.service}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := call(t, tc.method, tc.path, b.key, tc.body)
			require.GreaterOrEqual(t, got.Status, 400, got.Raw)
			missing := call(t, tc.method, replaceSecrets(tc.path, fixtures), b.key, replaceInBody(t, tc.body, fixtures))
			assert.Equal(t, missing.Status, got.Status, "%s / %s", got.Raw, missing.Raw)
			assert.Equal(t, missing.message(), replaceSecrets(got.message(), fixtures), "the same answer, but for the value B sent")
		})
	}
	assert.Equal(t, before, snapshot(t, a.key, fixtures), "B changed nothing of A")
}

// hostLabel is a fresh lowercase base32 word, valid in a domain name and
// an email address (an id's '_' and '-' are not, everywhere).
func hostLabel() string {
	return strings.ToLower(rand.Text()[:8])
}
