package e2e

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type folder struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	ParentID    string `json:"parent_id"`
	CreatedBy   string `json:"created_by"`
	CreatedTime string `json:"created_time"`
	UpdatedTime string `json:"updated_time"`
}

func createFolder(t *testing.T, name, parentID string) folder {
	t.Helper()
	var f folder
	mustOK(t, call(t, "POST", "/v2/folders", ownerOf(t), map[string]any{"name": name, "parent_id": parentID})).decode(t, &f)
	require.Len(t, f.ID, 21)
	return f
}

func TestFolderTree(t *testing.T) {
	top := createFolder(t, "Season", "")
	assert.Empty(t, top.ParentID)
	assert.NotEmpty(t, top.CreatedBy)
	child := createFolder(t, "Week 1", top.ID)
	assert.Equal(t, top.ID, child.ParentID)
	grandchild := createFolder(t, "Day 1", child.ID)

	var renamed folder
	mustOK(t, call(t, "PATCH", "/v2/folders/"+top.ID, ownerOf(t), map[string]any{"name": "Season 2026"})).decode(t, &renamed)
	assert.Equal(t, "Season 2026", renamed.Name)
	assert.Empty(t, renamed.ParentID, "a field not sent keeps its value")
	var got folder
	mustOK(t, call(t, "GET", "/v2/folders/"+top.ID, ownerOf(t), nil)).decode(t, &got)
	assert.Equal(t, renamed, got)

	for name, parent := range map[string]string{"into itself": top.ID, "into its child": child.ID, "into its grandchild": grandchild.ID} {
		t.Run("cycle "+name, func(t *testing.T) {
			mustFailField(t, call(t, "PATCH", "/v2/folders/"+top.ID, ownerOf(t), map[string]any{"parent_id": parent}), "parent_id")
		})
	}

	var moved folder
	mustOK(t, call(t, "PATCH", "/v2/folders/"+grandchild.ID, ownerOf(t), map[string]any{"parent_id": ""})).decode(t, &moved)
	assert.Empty(t, moved.ParentID, "moved to the top")

	listed := map[string]folder{}
	for next := "/v2/folders?limit=25"; next != ""; {
		r := mustOK(t, call(t, "GET", next, ownerOf(t), nil))
		var page []folder
		r.decode(t, &page)
		for _, f := range page {
			listed[f.ID] = f
		}
		next, _ = r.Body.Links["next"].(string)
	}
	assert.Equal(t, renamed, listed[top.ID], "every depth is listed")
	assert.Equal(t, top.ID, listed[child.ID].ParentID)
	assert.Equal(t, moved, listed[grandchild.ID])

	mustFail(t, call(t, "DELETE", "/v2/folders/"+top.ID, ownerOf(t), nil), http.StatusConflict, "sub-folders")
	mustOK(t, call(t, "DELETE", "/v2/folders/"+child.ID, ownerOf(t), nil))
	mustOK(t, call(t, "DELETE", "/v2/folders/"+top.ID, ownerOf(t), nil))
	mustFail(t, call(t, "GET", "/v2/folders/"+top.ID, ownerOf(t), nil), http.StatusNotFound, "Not found")
}

func TestFolderValidation(t *testing.T) {
	cases := []struct {
		name  string
		body  map[string]any
		field string
	}{
		{"name empty", map[string]any{"name": ""}, "name"},
		{"name 101 characters", map[string]any{"name": strings.Repeat("f", 101)}, "name"},
		{"parent unknown", map[string]any{"name": "n", "parent_id": missingID}, "parent_id"},
		{"parent not an id", map[string]any{"name": "n", "parent_id": "nope"}, "parent_id"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			mustFailField(t, call(t, "POST", "/v2/folders", ownerOf(t), tc.body), tc.field)
		})
	}
	f := createFolder(t, "Valid", "")
	mustFailField(t, call(t, "PATCH", "/v2/folders/"+f.ID, ownerOf(t), map[string]any{"name": ""}), "name")
	mustFailField(t, call(t, "PATCH", "/v2/folders/"+f.ID, ownerOf(t), map[string]any{}), "request")
}

func TestFolderVideos(t *testing.T) {
	f := createFolder(t, "Highlights", "")
	sub := createFolder(t, "Goals", f.ID)
	first := createVideo(t, map[string]any{"name": "First"})
	second := createVideo(t, map[string]any{"name": "Second"})
	videosOf := func(folderID string) []string { return videoIDs(listAll(t, "/v2/folders/"+folderID+"/videos")) }
	assert.Empty(t, videosOf(f.ID))

	for _, v := range []video{second, first, second} { // filing again changes nothing
		added := mustOK(t, call(t, "POST", "/v2/folders/"+f.ID+"/videos/"+v.ID, ownerOf(t), nil))
		assert.JSONEq(t, "{}", string(added.Body.Result))
	}
	mustOK(t, call(t, "POST", "/v2/folders/"+sub.ID+"/videos/"+first.ID, ownerOf(t), nil))
	assert.Equal(t, []string{first.ID, second.ID}, videosOf(f.ID), "oldest first, each once")
	assert.Equal(t, []string{first.ID}, videosOf(sub.ID), "a video may be in several folders")
	var listed []video
	mustOK(t, call(t, "GET", "/v2/folders/"+f.ID+"/videos", ownerOf(t), nil)).decode(t, &listed)
	assert.Equal(t, getVideo(t, first.ID), listed[0], "the folder lists whole videos")

	mustOK(t, call(t, "DELETE", "/v2/folders/"+f.ID+"/videos/"+first.ID, ownerOf(t), nil))
	assert.Equal(t, []string{second.ID}, videosOf(f.ID))
	assert.Equal(t, "First", getVideo(t, first.ID).Name, "the video stays")
	mustFail(t, call(t, "DELETE", "/v2/folders/"+f.ID+"/videos/"+first.ID, ownerOf(t), nil), http.StatusNotFound, "Not found")

	mustOK(t, call(t, "DELETE", "/v2/videos/"+second.ID, ownerOf(t), nil))
	assert.Empty(t, videosOf(f.ID), "a deleted video leaves its folders")

	mustOK(t, call(t, "DELETE", "/v2/folders/"+sub.ID, ownerOf(t), nil))
	assert.Equal(t, "First", getVideo(t, first.ID).Name, "deleting a folder keeps its videos")
}

func TestMissingFolderIsNotFound(t *testing.T) {
	v := createVideo(t, map[string]any{"name": "Homeless"})
	f := createFolder(t, "Real", "")
	cases := []struct{ name, method, path string }{
		{"videos of a missing folder", "GET", "/v2/folders/" + missingID + "/videos"},
		{"get", "GET", "/v2/folders/" + missingID},
		{"delete", "DELETE", "/v2/folders/" + missingID},
		{"file into a missing folder", "POST", "/v2/folders/" + missingID + "/videos/" + v.ID},
		{"file a missing video", "POST", "/v2/folders/" + f.ID + "/videos/" + missingID},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := call(t, tc.method, tc.path, ownerOf(t), nil)
			mustFail(t, r, http.StatusNotFound, "Not found")
			assert.Equal(t, "Not found", r.message())
		})
	}
	mustFail(t, call(t, "PATCH", "/v2/folders/"+missingID, ownerOf(t), map[string]any{"name": "x"}), http.StatusNotFound, "Not found")
}
