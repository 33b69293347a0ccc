package playback_test

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/internal/playback"
	"github.com/vidhost/vidhost/gateway/internal/playback/playbacktest"
	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"
)

func post(t *testing.T, url, contentType, payload string) response {
	t.Helper()
	resp, err := http.Post(url, contentType, strings.NewReader(payload))
	require.NoError(t, err)
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return response{Response: resp, body: string(body)}
}

func gatedVideo(t *testing.T, e *playbacktest.Edge, privacy string) *catalogv1.PlaybackVideo {
	t.Helper()
	v := newVideo(t, e, privacy)
	v.Gates = []*catalogv1.Gate{{Id: "gate1", Fields: []string{"email", "first_name", "telephone"}, CheckboxText: "News?"}}
	e.Backends.Catalog.PutVideo(v)
	return v
}

func TestLeadIsAccepted(t *testing.T) {
	e := playbacktest.StartEdge(t)
	v := gatedVideo(t, e, "public")
	resp := post(t, e.URL+"/leads/"+v.GetVideoId(), "application/json",
		`{"gate_id":"gate1","fields":{"email":"ada@example.com","first_name":"Ada","telephone":"+44 20 7946 0958"},"checkbox":true}`)
	require.Equal(t, http.StatusAccepted, resp.StatusCode, resp.body)
	assert.JSONEq(t, `{"success":true,"result":{},"links":{},"errors":[]}`, resp.body)
	leads := e.Leads.Leads()
	require.Len(t, leads, 1)
	assert.Equal(t, playback.Lead{
		AccountID: accountA, VideoID: v.GetVideoId(), GateID: "gate1", Checkbox: true, Time: leads[0].Time,
		Fields: map[string]string{"email": "ada@example.com", "first_name": "Ada", "telephone": "+44 20 7946 0958"},
	}, leads[0])
}

func TestLeadValidation(t *testing.T) {
	e := playbacktest.StartEdge(t)
	v := gatedVideo(t, e, "public")
	fields := func(email string) string {
		return `{"email":` + email + `,"first_name":"Ada","telephone":"123456"}`
	}
	tests := []struct {
		name, contentType, body, message string
		status                           int
	}{
		{"unknown gate", "application/json", `{"gate_id":"nope","fields":` + fields(`"a@b.co"`) + `}`, "gate_id must name a gate of this video", 400},
		{"missing field", "application/json", `{"gate_id":"gate1","fields":{"email":"a@b.co"}}`, "fields.first_name is required", 400},
		{"bad email", "application/json", `{"gate_id":"gate1","fields":` + fields(`"Ada <a@b.co>"`) + `}`, "fields.email must be an email address", 400},
		{"too long", "application/json", `{"gate_id":"gate1","fields":` + fields(`"`+strings.Repeat("a", 200)+`@b.co"`) + `}`, "fields.email must be at most 200 characters", 400},
		{"bad telephone", "application/json", `{"gate_id":"gate1","fields":{"email":"a@b.co","first_name":"Ada","telephone":"call me"}}`, "fields.telephone must be a telephone number", 400},
		{"field not of the gate", "application/json", `{"gate_id":"gate1","fields":{"email":"a@b.co","first_name":"Ada","telephone":"123456","last_name":"L"}}`, `fields must hold only the gate's fields ("last_name" is not one)`, 400},
		{"unknown key", "application/json", `{"gate_id":"gate1","extra":1}`, "malformed JSON", 400},
		{"not JSON", "text/plain", `gate_id=gate1`, "Content-Type must be application/json", 400},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp := post(t, e.URL+"/leads/"+v.GetVideoId(), tt.contentType, tt.body)
			assert.Equal(t, tt.status, resp.StatusCode)
			var env struct {
				Success bool
				Errors  []struct{ Message string }
			}
			require.NoError(t, json.Unmarshal([]byte(resp.body), &env), resp.body)
			assert.False(t, env.Success)
			require.Len(t, env.Errors, 1)
			assert.Equal(t, tt.message, env.Errors[0].Message)
		})
	}
	assert.Empty(t, e.Leads.Leads())
}

func TestLeadOfPrivateVideoNeedsAccess(t *testing.T) {
	e := playbacktest.StartEdge(t)
	v := gatedVideo(t, e, "private")
	body := `{"gate_id":"gate1","fields":{"email":"a@b.co","first_name":"Ada","telephone":"123456"}}`
	assert.Equal(t, http.StatusForbidden, post(t, e.URL+"/leads/"+v.GetVideoId(), "application/json", body).StatusCode)
	token := e.Tokens.Mint(v.GetVideoId())
	assert.Equal(t, http.StatusAccepted, post(t, e.URL+"/leads/"+v.GetVideoId()+"?token="+token, "application/json", body).StatusCode)
	assert.Len(t, e.Leads.Leads(), 1)
}

func TestCollectAcceptsViewEvents(t *testing.T) {
	e := playbacktest.StartEdge(t)
	resp := post(t, e.URL+"/collect", "application/json", `{"event":"play","video_id":"v","player_id":"","position":0,"referrer":""}`)
	assert.Equal(t, http.StatusNoContent, resp.StatusCode)
	assert.Equal(t, http.StatusMethodNotAllowed, get(t, e.URL+"/collect").StatusCode)
}
