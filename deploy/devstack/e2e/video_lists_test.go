package e2e

import (
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestVideoListFilters(t *testing.T) {
	tag := uniqueWord(t, "filter")
	other := uniqueWord(t, "other")
	category := uniqueWord(t, "cat")
	mustOK(t, call(t, "POST", "/v2/categories", ownerOf(t), map[string]any{"name": "Filtered", "value": category}))
	public := createVideo(t, map[string]any{"name": "Cup FINAL " + tag, "privacy": "public", "tags": []string{tag}})
	private := createVideo(t, map[string]any{"name": "Semi " + tag, "privacy": "private",
		"tags": []string{tag, other}, "categories": []string{category}})
	unlisted := createVideo(t, map[string]any{"name": "100% final_cut " + tag, "tags": []string{tag}})
	f := createFolder(t, "Filtered", "")
	mustOK(t, call(t, "POST", "/v2/folders/"+f.ID+"/videos/"+private.ID, ownerOf(t), nil))
	mustOK(t, call(t, "POST", "/v2/folders/"+f.ID+"/videos/"+unlisted.ID, ownerOf(t), nil))

	cases := []struct {
		name  string
		query url.Values
		want  []video
	}{
		{"tag", url.Values{"tag": {tag}}, []video{public, private, unlisted}},
		{"second tag", url.Values{"tag": {other}}, []video{private}},
		{"privacy public", url.Values{"tag": {tag}, "privacy": {"public"}}, []video{public}},
		{"privacy unlisted", url.Values{"tag": {tag}, "privacy": {"unlisted"}}, []video{unlisted}},
		{"category", url.Values{"category": {category}}, []video{private}},
		{"folder", url.Values{"folder": {f.ID}}, []video{private, unlisted}},
		{"folder and privacy", url.Values{"folder": {f.ID}, "privacy": {"private"}}, []video{private}},
		{"unknown folder", url.Values{"folder": {missingID}}, nil},
		{"search ignores case", url.Values{"search": {"final " + tag}}, []video{public}},
		{"search by the unique part", url.Values{"search": {strings.ToUpper(tag)}}, []video{public, private, unlisted}},
		// As wildcards, "%" and "_" would also match "Cup FINAL ".
		{"search percent is literal", url.Values{"search": {"cup%final"}, "tag": {tag}}, nil},
		{"search percent matches itself", url.Values{"search": {"100%"}, "tag": {tag}}, []video{unlisted}},
		{"search underscore is literal", url.Values{"search": {"final_"}, "tag": {tag}}, []video{unlisted}},
		{"status ready", url.Values{"tag": {tag}, "status": {"ready"}}, nil},
		// Two a page: links.next must keep the order for the second page.
		{"newest first", url.Values{"tag": {tag}, "sort": {"-created_time"}, "limit": {"2"}}, []video{unlisted, private, public}},
		{"oldest first, named", url.Values{"tag": {tag}, "sort": {"created_time"}, "limit": {"2"}}, []video{public, private, unlisted}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, videoIDs(tc.want), videoIDs(listAll(t, "/v2/videos?"+tc.query.Encode())))
		})
	}
	t.Run("status", func(t *testing.T) {
		// Whatever a transcoder may have done meanwhile, a status filter
		// lists only videos in that status.
		for _, status := range []string{"preparing", "processing", "error"} {
			for _, v := range listAll(t, "/v2/videos?tag="+tag+"&status="+status) {
				assert.Equal(t, status, v.Status)
			}
		}
	})
}

func TestVideoListRefusesBadFilters(t *testing.T) {
	cases := []struct{ query, param string }{
		{"status=done", "status"},
		{"privacy=secret", "privacy"},
		{"tag=Upper", "tag"},
		{"tag=two+words", "tag"},
		{"category=" + strings.Repeat("c", 41), "category"},
		{"folder=not-an-id", "folder"},
		{"search=" + strings.Repeat("s", 101), "search"},
		{"limit=0", "limit"},
		{"limit=26", "limit"},
		{"cursor=bm9wZQ", "cursor"},
		{"sort=name", "sort"},
	}
	for _, tc := range cases {
		t.Run(tc.query, func(t *testing.T) {
			mustFailField(t, call(t, "GET", "/v2/videos?"+tc.query, ownerOf(t), nil), tc.param)
		})
	}
}

func TestVideoListPagesWithoutDuplicates(t *testing.T) {
	tag := uniqueWord(t, "page")
	var created []string
	for i := range 12 {
		created = append(created, createVideo(t, map[string]any{"name": "Page " + string(rune('A'+i)), "tags": []string{tag}}).ID)
	}
	var seen []string
	sizes := []int{}
	next := "/v2/videos?limit=5&tag=" + tag
	for next != "" {
		r := mustOK(t, call(t, "GET", next, ownerOf(t), nil))
		var page []video
		r.decode(t, &page)
		sizes = append(sizes, len(page))
		for _, v := range page {
			require.NotContains(t, seen, v.ID, "video listed twice")
			seen = append(seen, v.ID)
		}
		next, _ = r.Body.Links["next"].(string)
		if next != "" {
			require.True(t, strings.HasPrefix(next, suiteOf(t).URL+"/v2/videos?"), "links.next is a full URL: %s", next)
			require.Contains(t, next, "limit=5")
			require.Contains(t, next, "cursor=")
			require.Contains(t, next, "tag="+tag, "the next page keeps the filter")
		}
	}
	assert.Equal(t, created, seen, "every video once, oldest first")
	assert.Equal(t, []int{5, 5, 2}, sizes)
}
