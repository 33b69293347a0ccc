package e2e

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type category struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	Value       string `json:"value"`
	CreatedBy   string `json:"created_by"`
	CreatedTime string `json:"created_time"`
	UpdatedBy   string `json:"updated_by"`
	UpdatedTime string `json:"updated_time"`
}

func TestCategoryLifecycle(t *testing.T) {
	var c category
	value := uniqueWord(t, "music-")
	mustOK(t, call(t, "POST", "/v2/categories", ownerOf(t), map[string]any{"name": "Music", "value": value})).decode(t, &c)
	assert.Equal(t, "Music", c.Name)
	assert.Regexp(t, `^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$`, c.CreatedTime)
	assert.NotEmpty(t, c.CreatedBy)
	assert.Equal(t, c.CreatedTime, c.UpdatedTime)

	var got category
	mustOK(t, call(t, "GET", "/v2/categories/"+c.ID, ownerOf(t), nil)).decode(t, &got)
	assert.Equal(t, c, got)

	var patched category
	mustOK(t, call(t, "PATCH", "/v2/categories/"+c.ID, ownerOf(t), map[string]any{"name": "Live music"})).decode(t, &patched)
	assert.Equal(t, "Live music", patched.Name)
	assert.Equal(t, value, patched.Value, "fields not sent are unchanged")

	mustOK(t, call(t, "DELETE", "/v2/categories/"+c.ID, ownerOf(t), nil))
	mustFail(t, call(t, "GET", "/v2/categories/"+c.ID, ownerOf(t), nil), http.StatusNotFound, "Not found")
	mustFail(t, call(t, "DELETE", "/v2/categories/"+c.ID, ownerOf(t), nil), http.StatusNotFound, "Not found")
}

func TestCategoryValidation(t *testing.T) {
	long := strings.Repeat("a", 41)
	cases := []struct {
		name string
		body map[string]any
		want string
	}{
		{"name missing", map[string]any{"value": "v"}, "name"},
		{"name too long", map[string]any{"name": long, "value": "v"}, "name"},
		{"value missing", map[string]any{"name": "n"}, "value"},
		{"value too long", map[string]any{"name": "n", "value": long}, "value"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			mustFail(t, call(t, "POST", "/v2/categories", ownerOf(t), tc.body), http.StatusBadRequest, tc.want)
		})
	}
	var c category
	mustOK(t, call(t, "POST", "/v2/categories", ownerOf(t), map[string]any{"name": "n", "value": uniqueWord(t, "valid-")})).decode(t, &c)
	mustFail(t, call(t, "PATCH", "/v2/categories/"+c.ID, ownerOf(t), map[string]any{"name": long}), http.StatusBadRequest, "name")
	mustFail(t, call(t, "PATCH", "/v2/categories/"+c.ID, ownerOf(t), map[string]any{"value": ""}), http.StatusBadRequest, "value")
}

func TestPaginationAcrossPagesHasNoDuplicates(t *testing.T) {
	for i := range 30 {
		mustOK(t, call(t, "POST", "/v2/players", ownerOf(t), map[string]any{"name": "page player " + string(rune('A'+i))}))
	}
	seen := map[string]bool{}
	next, pages := "/v2/players?limit=7", 0
	for next != "" {
		r := mustOK(t, call(t, "GET", next, ownerOf(t), nil))
		var items []player
		r.decode(t, &items)
		require.LessOrEqual(t, len(items), 7)
		for _, p := range items {
			require.False(t, seen[p.ID], "player %s repeated on page %d", p.ID, pages)
			seen[p.ID] = true
		}
		pages++
		next, _ = r.Body.Links["next"].(string)
		if next != "" {
			require.True(t, strings.HasPrefix(next, suiteOf(t).URL+"/v2/players?"), "links.next is a full URL: %s", next)
			require.Contains(t, next, "limit=7")
			require.Contains(t, next, "cursor=")
		}
	}
	assert.GreaterOrEqual(t, len(seen), 30)
	assert.GreaterOrEqual(t, pages, 5)
}
