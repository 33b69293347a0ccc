package playback_test

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"

	"github.com/vidhost/vidhost/gateway/internal/playback"
	"github.com/vidhost/vidhost/gateway/internal/playback/playbacktest"
	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"
)

// withCatalogLeads makes the edge store leads in the (fake) catalog, as the
// gateway does.
func withCatalogLeads(o *playback.Options) { o.Leads = playback.CatalogLeadSink{Catalog: o.Catalog} }

const validLead = `{"gate_id":"gate1","fields":{"email":"ada@example.com","first_name":"Ada","telephone":"123456"},"checkbox":true}`

func TestCatalogLeadSinkSubmitsToTheCatalog(t *testing.T) {
	e := playbacktest.StartEdge(t, withCatalogLeads)
	v := gatedVideo(t, e, "public")
	resp := post(t, e.URL+"/leads/"+v.GetVideoId(), "application/json", validLead)
	require.Equal(t, http.StatusAccepted, resp.StatusCode, resp.body)
	submitted := e.Backends.Catalog.SubmittedLeads()
	require.Len(t, submitted, 1)
	want := &catalogv1.SubmitLeadRequest{VideoId: v.GetVideoId(), GateId: "gate1", Checkbox: true,
		Fields: map[string]string{"email": "ada@example.com", "first_name": "Ada", "telephone": "123456"}}
	assert.True(t, proto.Equal(want, submitted[0]), "submitted %v", submitted[0])
}

// The catalog has the last word: what it refuses reaches the viewer as the
// edge's own refusals do.
func TestCatalogLeadSinkMapsRefusals(t *testing.T) {
	tests := []struct {
		name    string
		code    codes.Code
		message string
		status  int
		want    string
	}{
		{"invalid", codes.InvalidArgument, "gate_id must name a gate of this video", 400, "gate_id must name a gate of this video"},
		{"video gone", codes.NotFound, "Not found", 404, "Not found"},
		{"catalog down", codes.Unavailable, "connection refused", 503, "service unavailable"},
		{"catalog broken", codes.Internal, "internal error", 503, "service unavailable"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := playbacktest.StartEdge(t, withCatalogLeads)
			v := gatedVideo(t, e, "public")
			e.Backends.Catalog.SetLeadAnswer(tt.code, tt.message)
			resp := post(t, e.URL+"/leads/"+v.GetVideoId(), "application/json", validLead)
			assert.Equal(t, tt.status, resp.StatusCode, resp.body)
			var env struct {
				Success bool
				Errors  []struct{ Message string }
			}
			require.NoError(t, json.Unmarshal([]byte(resp.body), &env), resp.body)
			assert.False(t, env.Success)
			require.Len(t, env.Errors, 1)
			assert.Equal(t, tt.want, env.Errors[0].Message)
		})
	}
}
