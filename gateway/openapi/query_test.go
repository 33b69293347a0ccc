package openapi

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestQueryTableLookup(t *testing.T) {
	table := QueryParameters()
	tests := []struct {
		method, path string
		want         []string // nil: no operation
	}{
		{http.MethodGet, "/v2/videos", []string{"limit", "cursor", "status", "privacy", "tag", "category", "folder", "search", "sort", "type", "id"}},
		{http.MethodHead, "/v2/categories", []string{"limit", "cursor"}},
		{http.MethodGet, "/v2/videos/abc", []string{}},
		{http.MethodGet, "/v2/videos/a%2Fb", []string{}}, // an encoded slash stays in its segment
		{http.MethodPost, "/v2/users/me/mfa", []string{}},
		{http.MethodGet, "/v2/analytics/videos", []string{"type", "dimension", "metric", "start", "end", "filter", "by", "limit"}},
		{http.MethodGet, "/v2/hooks/h1/deliveries", []string{"limit", "cursor"}},
		{http.MethodGet, "/v2/videos/", nil},
		{http.MethodGet, "/v2/videos//leads", nil},
		{http.MethodPut, "/v2/videos", nil},
		{http.MethodGet, "/v2/nothing", nil},
	}
	for _, tt := range tests {
		t.Run(tt.method+" "+tt.path, func(t *testing.T) {
			params, ok := table.Lookup(tt.method, tt.path)
			if tt.want == nil {
				assert.False(t, ok)
				return
			}
			assert.True(t, ok)
			names := []string{}
			for name, repeatable := range params {
				names = append(names, name)
				assert.Equal(t, name == "id", repeatable, "%s: only the videos list's id is a list", name)
			}
			assert.ElementsMatch(t, tt.want, names)
		})
	}
}

func TestQueryTableMethods(t *testing.T) {
	table := QueryParameters()
	tests := []struct {
		path string
		want []string
	}{
		{"/v2/videos", []string{"GET", "HEAD", "POST"}},
		{"/v2/videos/abc", []string{"GET", "HEAD", "PATCH", "DELETE"}},
		{"/v2/users/me/mfa", []string{"POST"}},
		{"/v2/sessions", []string{"DELETE"}},
		{"/v2/openapi.json", []string{"GET", "HEAD"}},
		{"/v2/nothing", nil},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			assert.Equal(t, tt.want, table.Methods(tt.path))
		})
	}
}
