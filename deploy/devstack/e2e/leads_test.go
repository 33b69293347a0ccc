package e2e

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type lead struct {
	ID          string            `json:"id"`
	VideoID     string            `json:"video_id"`
	GateID      string            `json:"gate_id"`
	Fields      map[string]string `json:"fields"`
	Checkbox    bool              `json:"checkbox"`
	CreatedBy   string            `json:"created_by"`
	CreatedTime string            `json:"created_time"`
}

// postLead submits a gate's form as the player does: no API key, the body
// gate-form.ts builds.
func postLead(t *testing.T, videoID string, body map[string]any) response {
	t.Helper()
	return call(t, "POST", "/leads/"+videoID, "", body)
}

// A viewer's gate submission becomes a lead the customer lists through the
// API, pages through, and erases. This file's five submissions stay within
// the edge's per-address budget (10) even when run twice (-count=2).
func TestGateSubmissionsBecomeLeads(t *testing.T) {
	v := createVideo(t, map[string]any{"name": "Gated", "privacy": "public"})
	var g gate
	mustOK(t, call(t, "POST", "/v2/videos/"+v.ID+"/gates", ownerOf(t),
		gateBody(map[string]any{"checkbox_text": "Send me news"}))).decode(t, &g)
	fields := map[string]any{"email": "ada@example.com", "first_name": "Ada"}

	accepted := postLead(t, v.ID, map[string]any{"gate_id": g.ID, "fields": fields, "checkbox": true})
	require.Equal(t, http.StatusAccepted, accepted.Status, accepted.Raw)
	assert.True(t, accepted.Body.Success)
	require.Equal(t, http.StatusAccepted, postLead(t, v.ID, map[string]any{"gate_id": g.ID, "fields": fields, "checkbox": false}).Status)

	extra := map[string]any{"email": "ada@example.com", "first_name": "Ada", "telephone": "123456"}
	mustFail(t, postLead(t, v.ID, map[string]any{"gate_id": g.ID, "fields": extra}), http.StatusBadRequest,
		`fields must hold only the gate's fields ("telephone" is not one)`)
	mustFail(t, postLead(t, v.ID, map[string]any{"gate_id": missingID, "fields": fields}), http.StatusBadRequest,
		"gate_id must name a gate of this video")

	var first []lead
	page := mustOK(t, call(t, "GET", "/v2/videos/"+v.ID+"/leads?limit=1", ownerOf(t), nil))
	page.decode(t, &first)
	require.Len(t, first, 1)
	assert.Equal(t, lead{ID: first[0].ID, VideoID: v.ID, GateID: g.ID, Checkbox: true, CreatedTime: first[0].CreatedTime,
		Fields: map[string]string{"email": "ada@example.com", "first_name": "Ada"}}, first[0])
	next, _ := page.Body.Links["next"].(string)
	require.NotEmpty(t, next, "a second lead exists")
	var second []lead
	mustOK(t, call(t, "GET", next, ownerOf(t), nil)).decode(t, &second)
	require.Len(t, second, 1)
	assert.False(t, second[0].Checkbox)

	mustOK(t, call(t, "DELETE", "/v2/videos/"+v.ID+"/leads/"+first[0].ID, ownerOf(t), nil))
	var left []lead
	mustOK(t, call(t, "GET", "/v2/videos/"+v.ID+"/leads", ownerOf(t), nil)).decode(t, &left)
	require.Len(t, left, 1)
	assert.Equal(t, second[0].ID, left[0].ID)
	mustFail(t, call(t, "DELETE", "/v2/videos/"+v.ID+"/leads/"+first[0].ID, ownerOf(t), nil), http.StatusNotFound, "Not found")
}

func TestLeadsOfUnknownVideos(t *testing.T) {
	mustFail(t, call(t, "GET", "/v2/videos/"+missingID+"/leads", ownerOf(t), nil), http.StatusNotFound, "Not found")
	mustFail(t, postLead(t, missingID, map[string]any{"gate_id": missingID, "fields": map[string]any{}}),
		http.StatusNotFound, "Not found")
}
