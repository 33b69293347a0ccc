package e2e

import (
	"encoding/hex"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// sourceURL is a source no transcoder will ever make ready: the catalog
// only parses it, so the tests do not depend on media or the network.
const sourceURL = "https://media.example.invalid/source.mp4"

// missingID is well formed but names no resource.
const missingID = "AAAAAAAAAAAAAAAAAAAAA"

type video struct {
	ID          string              `json:"id"`
	Type        string              `json:"type"`
	Name        string              `json:"name"`
	Description string              `json:"description"`
	Metadata    string              `json:"metadata"`
	Input       string              `json:"input"`
	Outputs     []map[string]string `json:"outputs"`
	Privacy     string              `json:"privacy"`
	Categories  []string            `json:"categories"`
	Enabled     bool                `json:"enabled"`
	Spherical   bool                `json:"spherical"`
	Projection  string              `json:"projection"`
	Cards       []card              `json:"cards"`
	Gates       []gate              `json:"gates"`
	Hotspots    []hotspotA          `json:"hotspots"`
	Chapters    []chapter           `json:"chapters"`
	Progress    int                 `json:"progress"`
	Status      string              `json:"status"`
	Tags        []string            `json:"tags"`
	Transcoder  string              `json:"transcoder"`
	CreatedTime string              `json:"created_time"`
	UpdatedTime string              `json:"updated_time"`
}

// videoBody is a valid create body with fields overridden (a nil value
// removes the field).
func videoBody(fields map[string]any) map[string]any {
	return override(map[string]any{"name": "e2e video", "input": sourceURL}, fields)
}

// override sets fields on body; a nil value removes the field, to test
// what happens when it is not sent.
func override(body, fields map[string]any) map[string]any {
	for k, v := range fields {
		if v == nil {
			delete(body, k)
			continue
		}
		body[k] = v
	}
	return body
}

// createVideo creates a vod from videoBody(fields).
func createVideo(t *testing.T, fields map[string]any) video {
	t.Helper()
	var v video
	mustOK(t, call(t, "POST", "/v2/videos", ownerOf(t), videoBody(fields))).decode(t, &v)
	require.Len(t, v.ID, 21)
	return v
}

// getVideo reads a video back.
func getVideo(t *testing.T, id string) video {
	t.Helper()
	var v video
	mustOK(t, call(t, "GET", "/v2/videos/"+id, ownerOf(t), nil)).decode(t, &v)
	return v
}

// mustFailField asserts a 400 whose message starts with the field's name,
// as every validation message does ("name must be 1-100 characters"), and
// whose error object names the field for a form to show it beside.
func mustFailField(t *testing.T, r response, field string) {
	t.Helper()
	mustFail(t, r, http.StatusBadRequest, field)
	require.True(t, strings.HasPrefix(r.message(), field+" "), "message names %s: %s", field, r.message())
	require.Equal(t, field, r.Body.Errors[0].Field, r.Raw)
}

// uniqueWord is a fresh lowercase alphanumeric word (a valid tag), so
// tests sharing the suite's account, or a -count=2 run, never see each
// other's videos.
func uniqueWord(t *testing.T, prefix string) string {
	t.Helper()
	return prefix + hex.EncodeToString(randomBytes(t, 6))
}

// listAll follows links.next from path and returns every item, failing on
// a video seen twice.
func listAll(t *testing.T, path string) []video {
	t.Helper()
	var all []video
	seen := map[string]bool{}
	for next := path; next != ""; {
		r := mustOK(t, call(t, "GET", next, ownerOf(t), nil))
		var page []video
		r.decode(t, &page)
		for _, v := range page {
			require.False(t, seen[v.ID], "video %s listed twice", v.ID)
			seen[v.ID] = true
		}
		all = append(all, page...)
		next, _ = r.Body.Links["next"].(string)
	}
	return all
}

// videoIDs are the ids of vs, in order.
func videoIDs(vs []video) []string {
	out := make([]string, 0, len(vs))
	for _, v := range vs {
		out = append(out, v.ID)
	}
	return out
}
