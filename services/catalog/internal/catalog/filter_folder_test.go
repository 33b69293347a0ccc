package catalog

import (
	"strings"
	"testing"

	"github.com/vidhost/vidhost/pkg/ids"
)

func TestVideoFilterValidate(t *testing.T) {
	tests := []struct {
		name    string
		filter  VideoFilter
		wantErr string
	}{
		{"none", VideoFilter{}, ""},
		{"all", VideoFilter{Status: "ready", Privacy: "public", Tag: "x1", Category: "sport", FolderID: ids.New(), Search: "cat 100%"}, ""},
		{"status", VideoFilter{Status: "done"}, `status must be "preparing", "processing", "ready", "error", "live" or empty`},
		{"privacy", VideoFilter{Privacy: "hidden"}, `privacy must be "public", "private", "unlisted" or empty`},
		{"tag", VideoFilter{Tag: "Two Words"}, "tag must be lowercase, single-word, alphanumeric and at most 50 characters"},
		{"category", VideoFilter{Category: strings.Repeat("c", 41)}, "category must be at most 40 characters"},
		{"folder", VideoFilter{FolderID: "../x"}, "folder must be a folder id"},
		{"search", VideoFilter{Search: strings.Repeat("s", 101)}, "search must be at most 100 characters"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assertValidation(t, tt.filter.Validate(), tt.wantErr)
		})
	}
}

func TestFolderValidate(t *testing.T) {
	tests := []struct {
		name    string
		folder  Folder
		wantErr string
	}{
		{"top level", Folder{Name: "Films"}, ""},
		{"nested", Folder{Name: "Films", ParentID: ids.New()}, ""},
		{"empty name", Folder{Name: ""}, "name must be 1-100 characters"},
		{"long name", Folder{Name: strings.Repeat("f", 101)}, "name must be 1-100 characters"},
		{"parent not an id", Folder{Name: "x", ParentID: "root"}, "parent_id must be the id of one of the account's folders, or empty"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assertValidation(t, tt.folder.Validate(), tt.wantErr)
		})
	}
}
