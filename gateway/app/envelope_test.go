package app_test

import (
	"net/http"
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/app"
	"github.com/vidhost/vidhost/gateway/internal/testbackend"
)

func TestSuccessEnvelope(t *testing.T) {
	b := setup(t)
	nextPage := "/v2/players?cursor=" + url.QueryEscape(testbackend.NextCursor)
	cases := []struct {
		name   string
		call   call
		result string // JSONEq
		next   string // links.next, "" for none
	}{
		{
			name:   "resource with defaults emitted in proto names",
			call:   call{method: "GET", path: "/v2/players/p1"},
			result: `{"id":"p1","name":"player p1","analytics":"","autoplay":false,"muted":false,"playsinline":true,"preload":false,"show_name":false,"show_duration":false,"controls":[],"colour":"","quality":"","track":"","created_by":"","created_time":"","updated_by":"","updated_time":""}`,
		},
		{
			// Other parameters are kept too (rest.TestNextLink); players take none but these.
			name: "list with another page links to it with the limit kept",
			call: call{method: "GET", path: "/v2/players?limit=2"},
			next: b.url + "/v2/players?cursor=" + url.QueryEscape(testbackend.NextCursor) + "&limit=2",
		},
		{
			name: "list without limit makes the default limit explicit",
			call: call{method: "GET", path: "/v2/players"},
			next: b.url + "/v2/players?cursor=" + url.QueryEscape(testbackend.NextCursor) + "&limit=25",
		},
		{name: "last page has no next link", call: call{method: "GET", path: nextPage}},
		{name: "empty list is an empty array", call: call{method: "GET", path: "/v2/categories"}, result: `[]`},
		{name: "delete is an empty object", call: call{method: "DELETE", path: "/v2/players/p1"}, result: `{}`},
		{
			name:   "unset optional fields are left out, empty lists are arrays",
			call:   call{method: "GET", path: "/v2/keys"},
			result: `[{"id":"k1","name":"ci","type":"api","permissions":[],"ips":[],"role":"","created_by":"","created_time":"","updated_by":"","updated_time":""}]`,
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tc.call.key = keyReadWrite
			resp, env := b.do(t, tc.call)
			require.Equal(t, http.StatusOK, resp.StatusCode, "%+v", env)
			assert.True(t, env.Success)
			assert.Empty(t, env.Errors)
			assert.Equal(t, "application/json", resp.Header.Get("Content-Type"))
			if tc.result != "" {
				assert.JSONEq(t, tc.result, string(env.Result))
			}
			if tc.next == "" {
				assert.Empty(t, env.Links)
			} else {
				assert.Equal(t, map[string]string{"next": tc.next}, env.Links)
			}
		})
	}
}

func TestNextLinkRoundTrips(t *testing.T) {
	b := setup(t)
	_, first := b.do(t, call{method: "GET", path: "/v2/players?limit=2", key: keyReadWrite})
	require.Contains(t, first.Links, "next")
	next, err := url.Parse(first.Links["next"])
	require.NoError(t, err)

	_, second := b.do(t, call{method: "GET", path: next.RequestURI(), key: keyReadWrite})
	assert.JSONEq(t, `["p3"]`, idsOf(t, second.Result))
	seen := b.backends.Catalog.Last()
	assert.Equal(t, testbackend.NextCursor, seen.Cursor)
	require.NotNil(t, seen.Limit)
	assert.EqualValues(t, 2, *seen.Limit)
}

func TestNextLinkUsesThePublicURL(t *testing.T) {
	b := setup(t, func(c *app.Config) { c.PublicURL = "https://videos.example.com" })
	_, env := b.do(t, call{method: "GET", path: "/v2/players?limit=2", key: keyReadWrite})
	assert.Equal(t, "https://videos.example.com/v2/players?cursor="+url.QueryEscape(testbackend.NextCursor)+"&limit=2", env.Links["next"])
}
