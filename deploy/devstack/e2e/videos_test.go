package e2e

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCreateVideoDefaultsAreEmitted(t *testing.T) {
	r := mustOK(t, call(t, "POST", "/v2/videos", ownerOf(t), map[string]any{
		"name": "Defaults", "input": sourceURL + "?token=secret-credential"}))
	compact := strings.ReplaceAll(r.Raw, " ", "")
	for _, field := range []string{`"type":"vod"`, `"status":"preparing"`, `"progress":0`, `"outputs":[]`,
		`"privacy":"unlisted"`, `"enabled":true`, `"tags":[]`, `"categories":[]`, `"cards":[]`, `"gates":[]`,
		`"hotspots":[]`, `"tracks":[]`, `"chapters":[]`, `"description":""`, `"duration":0`, `"spherical":false`,
		`"projection":""`, `"thumbnail":""`, `"sprite":""`, `"created_time":`, `"updated_by":`} {
		assert.Contains(t, compact, field)
	}
	assert.NotContains(t, r.Raw, "secret-credential", "a vod's input is never echoed")
	assert.NotContains(t, r.Raw, "media.example.invalid")

	var v video
	r.decode(t, &v)
	assert.Regexp(t, `^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$`, v.CreatedTime)
	assert.NotContains(t, mustOK(t, call(t, "GET", "/v2/videos/"+v.ID, ownerOf(t), nil)).Raw, "secret-credential")
}

func TestCreateVideoValidation(t *testing.T) {
	tags := func(n int) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = "tag" + string(rune('a'+i))
		}
		return out
	}
	cases := []struct {
		name   string
		fields map[string]any
		field  string
	}{
		{"name empty", map[string]any{"name": ""}, "name"},
		{"name missing", map[string]any{"name": nil}, "name"},
		{"name 101 characters", map[string]any{"name": strings.Repeat("n", 101)}, "name"},
		{"type bogus", map[string]any{"type": "film"}, "type"},
		{"input missing for a vod", map[string]any{"input": nil}, "input"},
		{"input not a URL", map[string]any{"input": "not a url"}, "input"},
		{"input wrong scheme", map[string]any{"input": "ftp://media.example.invalid/a.mp4"}, "input"},
		{"input no host", map[string]any{"input": "https:///a.mp4"}, "input"},
		{"upload missing", map[string]any{"input": "svc://uploads/" + missingID}, "input"},
		{"upload reference malformed", map[string]any{"input": "svc://uploads/short"}, "input"},
		{"privacy bogus", map[string]any{"privacy": "secret"}, "privacy"},
		{"eleven tags", map[string]any{"tags": tags(11)}, "tags"},
		{"tag uppercase", map[string]any{"tags": []string{"Goal"}}, "tags"},
		{"tag with a space", map[string]any{"tags": []string{"two words"}}, "tags"},
		{"tag with symbols", map[string]any{"tags": []string{"c++"}}, "tags"},
		{"tag twice", map[string]any{"tags": []string{"goal", "goal"}}, "tags"},
		{"category unknown", map[string]any{"categories": []string{"no-such-category"}}, "categories"},
		{"projection bogus", map[string]any{"projection": "cubemap"}, "projection"},
		{"clip start not a time-code", map[string]any{"input": sourceURL + "?svc_clip_start=1:00&svc_clip_end=00:02:00"}, "input"},
		{"clip end missing", map[string]any{"input": sourceURL + "?svc_clip_start=00:00:10"}, "input"},
		{"clip start after end", map[string]any{"input": sourceURL + "?svc_clip_start=00:02:00&svc_clip_end=00:01:00"}, "input"},
		{"clip over two minutes", map[string]any{"input": sourceURL + "?svc_clip_start=00:00:00&svc_clip_end=00:02:01"}, "input"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			mustFailField(t, call(t, "POST", "/v2/videos", ownerOf(t), videoBody(tc.fields)), tc.field)
		})
	}
}

// The bootstrap account is on the enterprise plan (docs/plans.md), so live
// events can be tried locally; plan_required is tested in catalog and pkg/plans.
func TestBootstrapAccountMayCreateLiveEvents(t *testing.T) {
	v := createVideo(t, map[string]any{"type": "event", "input": nil})
	assert.Equal(t, "event", v.Type)
	assert.Equal(t, "preparing", v.Status)
}

func TestCreateVideoAcceptsValidOptions(t *testing.T) {
	value := uniqueWord(t, "cat")
	mustOK(t, call(t, "POST", "/v2/categories", ownerOf(t), map[string]any{"name": "Known", "value": value}))
	v := createVideo(t, map[string]any{
		"input":       sourceURL + "?svc_clip_start=00:01:00&svc_clip_end=00:03:00&sig=a%2Fb",
		"description": "two minute clip", "privacy": "public", "spherical": true,
		"projection": "equirectangular", "tags": []string{"goal", "final2026"}, "categories": []string{value},
		"enabled": false,
	})
	got := getVideo(t, v.ID)
	assert.Equal(t, "public", got.Privacy)
	assert.Equal(t, []string{"goal", "final2026"}, got.Tags)
	assert.Equal(t, []string{value}, got.Categories, "a known category is accepted by its value")
	assert.True(t, got.Spherical)
	assert.Equal(t, "equirectangular", got.Projection)
	assert.False(t, got.Enabled)
	assert.Empty(t, got.Input)
}

func TestCreateVideoFromAnUpload(t *testing.T) {
	body := randomBytes(t, 64<<10)
	complete := createUpload(t, "source.mp4", len(body))
	require.Equal(t, http.StatusOK, put(t, complete.URL, body))
	v := createVideo(t, map[string]any{"input": "svc://uploads/" + complete.ID})
	assert.Equal(t, "preparing", v.Status)
	assert.Empty(t, v.Input, "the reference is not echoed either")

	incomplete := createUpload(t, "pending.mp4", 1000)
	mustFailField(t, call(t, "POST", "/v2/videos", ownerOf(t), videoBody(map[string]any{
		"input": "svc://uploads/" + incomplete.ID})), "input")

	captions := createUpload(t, "captions.vtt", 10)
	require.Equal(t, http.StatusOK, put(t, captions.URL, []byte("WEBVTT\n\n  ")))
	mustFailField(t, call(t, "POST", "/v2/videos", ownerOf(t), videoBody(map[string]any{
		"input": "svc://uploads/" + captions.ID})), "input")
}

func TestVideoJunkBodyIsRefusedNever500(t *testing.T) {
	junk := strings.Repeat("\x01junk{", 1<<20/6)
	r := call(t, "POST", "/v2/videos", ownerOf(t), junk)
	assert.Contains(t, []int{http.StatusBadRequest, http.StatusRequestEntityTooLarge}, r.Status, r.Raw)
	assert.False(t, r.Body.Success)

	big := `{"name": "big", "input": "` + sourceURL + `", "description": "` + strings.Repeat("d", 1<<20) + `"}`
	r = call(t, "POST", "/v2/videos", ownerOf(t), big)
	assert.Contains(t, []int{http.StatusBadRequest, http.StatusRequestEntityTooLarge}, r.Status, r.Raw)
}

func TestUnknownVideoIsNotFound(t *testing.T) {
	for _, method := range []string{"GET", "PATCH", "DELETE"} {
		t.Run(method, func(t *testing.T) {
			var body any
			if method == "PATCH" {
				body = map[string]any{"name": "x"}
			}
			r := call(t, method, "/v2/videos/"+missingID, ownerOf(t), body)
			mustFail(t, r, http.StatusNotFound, "Not found")
			assert.Equal(t, "Not found", r.message())
		})
	}
	mustFail(t, call(t, "GET", "/v2/videos/not-an-id", ownerOf(t), nil), http.StatusNotFound, "Not found")
}

func TestReadOnlyKeyReadsVideosButCannotWrite(t *testing.T) {
	v := createVideo(t, map[string]any{"name": "read only"})
	reader := createKey(t, "video reader", []string{"fetch"}, []string{})
	mustOK(t, call(t, "GET", "/v2/videos", *reader.Value, nil))
	mustOK(t, call(t, "GET", "/v2/videos/"+v.ID, *reader.Value, nil))
	mustFail(t, call(t, "POST", "/v2/videos", *reader.Value, videoBody(nil)), http.StatusForbidden, "read-only")
	mustFail(t, call(t, "PATCH", "/v2/videos/"+v.ID, *reader.Value, map[string]any{"name": "x"}), http.StatusForbidden, "read-only")
	mustFail(t, call(t, "DELETE", "/v2/videos/"+v.ID, *reader.Value, nil), http.StatusForbidden, "read-only")
	assert.Equal(t, "read only", getVideo(t, v.ID).Name)
}
