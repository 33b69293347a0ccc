package rest

import (
	"context"
	"encoding/json"
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/protobuf/proto"

	"github.com/vidhost/vidhost/pkg/envelope"
	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"
)

func TestNextLink(t *testing.T) {
	cases := []struct {
		name, publicURL, requestURI, want string
	}{
		{"keeps other parameters", "http://127.0.0.1:8080", "/v2/players?limit=5&q=a+b",
			"http://127.0.0.1:8080/v2/players?cursor=CUR&limit=5&q=a+b"},
		{"replaces the old cursor", "https://videos.example.com/", "/v2/players?cursor=OLD",
			"https://videos.example.com/v2/players?cursor=CUR&limit=25"},
		{"public URL with a path prefix", "https://example.com/api", "/v2/keys",
			"https://example.com/api/v2/keys?cursor=CUR&limit=25"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			u, err := url.ParseRequestURI(tc.requestURI)
			require.NoError(t, err)
			assert.Equal(t, tc.want, nextLink(tc.publicURL, u, "CUR"))
		})
	}
}

func TestRewriter(t *testing.T) {
	u, _ := url.ParseRequestURI("/v2/players?limit=1")
	ctx := withRequestURL(context.Background(), u)
	cases := []struct {
		name   string
		msg    proto.Message
		result string
		links  map[string]string
	}{
		{"resource", &catalogv1.Category{Id: "c1"},
			`{"id":"c1","name":"","value":"","created_by":"","created_time":"","updated_by":"","updated_time":""}`, map[string]string{}},
		{"empty list", &catalogv1.ListCategoriesResponse{}, `[]`, map[string]string{}},
		{"list with next page", &catalogv1.ListCategoriesResponse{Items: []*catalogv1.Category{{Id: "c1"}}, NextCursor: "n"},
			`[{"id":"c1","name":"","value":"","created_by":"","created_time":"","updated_by":"","updated_time":""}]`,
			map[string]string{"next": "http://gw/v2/players?cursor=n&limit=1"}},
		{"delete", &catalogv1.DeleteCategoryResponse{}, `{}`, map[string]string{}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			out, err := Rewriter("http://gw")(ctx, tc.msg)
			require.NoError(t, err)
			raw, err := json.Marshal(out)
			require.NoError(t, err)
			var env envelope.Envelope
			require.NoError(t, json.Unmarshal(raw, &env))
			assert.True(t, env.Success)
			assert.JSONEq(t, tc.result, string(env.Result))
			assert.Equal(t, tc.links, env.Links)
			assert.Equal(t, []envelope.Error{}, env.Errors)
		})
	}
}
