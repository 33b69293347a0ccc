package singlenode_test

import (
	"encoding/json"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/deploy/single-node/singlenodetest"
	"github.com/vidhost/vidhost/pkg/hlstest"
)

// apiClient calls the installation's /v2 over HTTPS with an API key.
type apiClient struct {
	base   string
	key    string
	client *http.Client
}

func newAPIClient(t *testing.T, in *singlenodetest.Installation, key string) *apiClient {
	return &apiClient{base: in.URL, key: key, client: singlenodetest.HTTPClient(t, in.Pebble.CABundle)}
}

// get decodes the envelope of GET path into result and returns its
// links.next, if any.
func (a *apiClient) get(t *testing.T, path string, result any) string {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, a.base+path, nil)
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+a.key)
	resp, err := a.client.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	var envelope struct {
		Result json.RawMessage
		Links  struct{ Next string }
		Errors []struct{ Message string }
	}
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&envelope))
	require.Equal(t, http.StatusOK, resp.StatusCode, "GET %s: %v", path, envelope.Errors)
	require.NoError(t, json.Unmarshal(envelope.Result, result))
	return envelope.Links.Next
}

// video is what the test reads of a video.
type video struct {
	ID      string
	Status  string
	Outputs []struct{ Label, URL string }
}

func (a *apiClient) videoStatus(t *testing.T, id string) string {
	var v video
	a.get(t, "/v2/videos/"+id, &v)
	return v.Status
}

// inventory is the sorted ids of every listed resource kind: what a
// restore must bring back, each once.
func (a *apiClient) inventory(t *testing.T) map[string][]string {
	t.Helper()
	ids := map[string][]string{}
	for _, kind := range []string{"videos", "players", "keys", "services", "hooks"} {
		var items []struct{ ID string }
		next := a.get(t, "/v2/"+kind+"?limit=25", &items)
		require.Empty(t, next, "the test's installation fits one page of %s", kind)
		for _, item := range items {
			ids[kind] = append(ids[kind], item.ID)
		}
		slices.Sort(ids[kind])
	}
	for _, hook := range ids["hooks"] {
		ids["deliveries of "+hook] = a.deliveries(t, hook)
	}
	return ids
}

// deliveries is the sorted ids of a hook's deliveries.
func (a *apiClient) deliveries(t *testing.T, hook string) []string {
	var items []struct{ ID string }
	require.Empty(t, a.get(t, "/v2/hooks/"+hook+"/deliveries?limit=25", &items))
	ids := make([]string, 0, len(items))
	for _, item := range items {
		ids = append(ids, item.ID)
	}
	slices.Sort(ids)
	return ids
}

// requirePlays fetches the video's HLS master playlist, its first variant
// playlist and that variant's first segment, as a player would.
func (a *apiClient) requirePlays(t *testing.T, id string) {
	t.Helper()
	var v video
	a.get(t, "/v2/videos/"+id, &v)
	master := ""
	for _, output := range v.Outputs {
		if strings.HasSuffix(strings.SplitN(output.URL, "?", 2)[0], ".m3u8") {
			master = output.URL
		}
	}
	require.NotEmpty(t, master, "video %s lists an HLS playlist: %+v", id, v.Outputs)
	next := func(playlist string) string {
		uri := hlstest.FirstURI(a.body(t, playlist))
		require.NotEmpty(t, uri, "%s names no URI", playlist)
		return hlstest.Resolve(t, playlist, uri)
	}
	segment := next(next(master))
	require.NotEmpty(t, a.body(t, segment), "the first segment of %s has bytes", id)
}

// body GETs an absolute URL and returns its body.
func (a *apiClient) body(t *testing.T, u string) string {
	t.Helper()
	resp, err := a.client.Get(u)
	require.NoError(t, err)
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, resp.StatusCode, "GET %s: %s", u, raw)
	return string(raw)
}
