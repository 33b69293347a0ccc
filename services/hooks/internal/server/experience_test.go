package server_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/encoding/protojson"

	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"
	hooksv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/hooks/v1"

	"github.com/vidhost/vidhost/pkg/grpcx/grpcxtest"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/pkg/timefmt"
)

// video.experience_degraded, the analytics service's alert of a video's bad
// hour, through the hooks service: about two seconds.

// alertReceiver is a webhook endpoint that verifies each delivery with the
// Standard Webhooks library and keeps the bodies.
type alertReceiver struct {
	*httptest.Server
	mu       sync.Mutex
	verifier *standardwebhooks.Webhook
	bodies   []map[string]any
	bad      []error
}

func newAlertReceiver(t *testing.T, secret string) *alertReceiver {
	verifier, err := standardwebhooks.NewWebhook(secret)
	require.NoError(t, err)
	r := &alertReceiver{verifier: verifier}
	r.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		body, _ := io.ReadAll(req.Body)
		r.mu.Lock()
		defer r.mu.Unlock()
		if err := r.verifier.Verify(body, req.Header); err != nil {
			r.bad = append(r.bad, err)
			http.Error(w, "bad signature", http.StatusUnauthorized)
			return
		}
		var payload map[string]any
		if err := json.Unmarshal(body, &payload); err != nil {
			r.bad = append(r.bad, err)
		}
		r.bodies = append(r.bodies, payload)
	}))
	t.Cleanup(r.Close)
	return r
}

func (r *alertReceiver) received() []map[string]any {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]map[string]any(nil), r.bodies...)
}

// alertHook creates a webhook service of p's to a new receiver and a
// video.experience_degraded hook on it with filters.
func (b deliveryBundle) alertHook(t *testing.T, p principal.Principal, filters ...*hooksv1.HookFilter) (*alertReceiver, *hooksv1.Hook) {
	t.Helper()
	s := b.webhookTo(t, p, "http://127.0.0.1:9/alerts")
	r := newAlertReceiver(t, s.GetSecret())
	url := r.URL
	_, err := b.client.UpdateService(as(t, p), &hooksv1.UpdateServiceRequest{Id: s.GetId(),
		Service: &hooksv1.Service{Url: &url}, UpdateMask: fieldMask("url")})
	require.NoError(t, err)
	h, err := b.client.CreateHook(as(t, p), &hooksv1.CreateHookRequest{Name: "Bad hours", Event: "video.experience_degraded",
		Service: s.GetId(), Action: "videos.insert", Filters: filters})
	require.NoError(t, err)
	return r, h
}

// publishAlert publishes a video.experience_degraded of p's video as the
// analytics service does, under the event id eventID.
func (b deliveryBundle) publishAlert(t *testing.T, p principal.Principal, eventID, videoID string, conditions ...string) {
	t.Helper()
	hour := time.Now().UTC().Truncate(time.Hour).Add(-time.Hour)
	p95 := 7.25
	data, err := protojson.Marshal(&eventsv1.ExperienceDegraded{
		Meta:    &eventsv1.EventMeta{Id: eventID, AccountId: p.AccountID, OccurredTime: timefmt.Format(time.Now())},
		VideoId: videoID, WindowStart: timefmt.Format(hour), WindowEnd: timefmt.Format(hour.Add(time.Hour)),
		Plays: 40, Startups: 30, StartupTimeP95: &p95, ErrorRate: 0.25, Conditions: conditions,
		Thresholds: &eventsv1.ExperienceThresholds{StartupTimeP95: 5, ErrorRate: 0.1, MinPlays: 10},
	})
	require.NoError(t, err)
	b.js(natsx.SubjectVideoExperienceDegraded, data, ids.New()) // a fresh Nats-Msg-Id: JetStream keeps a repeat
}

func TestExperienceAlertsReachTheirAccountsHooksOnce(t *testing.T) {
	t.Parallel()
	b := setupDelivery(t)
	errorsOnly, errorsHook := b.alertHook(t, b.alice, &hooksv1.HookFilter{Field: "conditions", Operator: "==", Value: "error_rate"})
	bobs, _ := b.alertHook(t, b.bob)
	// A video.created hook of alice's fires on no alert.
	videos := b.webhookTo(t, b.alice, "http://127.0.0.1:9/videos")
	videosR := newReceiver(t, videos.GetSecret(), 0)
	b.repoint(t, videos.GetId(), videosR.URL)
	b.hookOn(t, b.alice, videos.GetId(), "or")

	failing, slow, bobsVideo := ids.New(), ids.New(), ids.New()
	event := ids.New()
	b.publishAlert(t, b.alice, event, failing, "startup_time_p95", "error_rate")
	b.publishAlert(t, b.alice, event, failing, "startup_time_p95", "error_rate") // delivered again: one delivery
	b.publishAlert(t, b.alice, ids.New(), slow, "startup_time_p95")              // filtered out
	b.publishAlert(t, b.bob, ids.New(), bobsVideo, "error_rate")

	require.Eventually(t, func() bool { return len(errorsOnly.received()) == 1 && len(bobs.received()) == 1 },
		10*time.Second, 20*time.Millisecond)
	time.Sleep(300 * time.Millisecond) // nothing more arrives
	require.Len(t, errorsOnly.received(), 1, "one delivery per event, filters applied")
	got := errorsOnly.received()[0]
	assert.Equal(t, "video.experience_degraded", got["type"])
	assert.NotEmpty(t, got["timestamp"])
	data := got["data"].(map[string]any)
	assert.Equal(t, failing, data["video_id"], "alice's receiver hears of alice's video only")
	assert.Equal(t, []any{"startup_time_p95", "error_rate"}, data["conditions"])
	assert.InDelta(t, 0.25, data["error_rate"], 1e-9)
	assert.InDelta(t, 7.25, data["startup_time_p95"], 1e-9)
	assert.Equal(t, map[string]any{"startup_time_p95": 5.0, "error_rate": 0.1, "min_plays": 10.0}, data["thresholds"])
	assert.Equal(t, 40.0, data["plays"])
	assert.Equal(t, false, data["partial"])
	assert.NotContains(t, data, "meta", "the receiver's account is its own")
	assert.Equal(t, bobsVideo, bobs.received()[0]["data"].(map[string]any)["video_id"], "bob's hook, bob's video")
	assert.Empty(t, videosR.videos(), "a video.created hook fires on no alert")
	assert.Empty(t, errorsOnly.bad)
	assert.Empty(t, bobs.bad)

	list, err := b.client.ListDeliveries(as(t, b.alice), &hooksv1.ListDeliveriesRequest{HookId: errorsHook.GetId()})
	require.NoError(t, err)
	require.Len(t, list.GetItems(), 1)
	assert.Equal(t, failing, list.GetItems()[0].GetVideo())
	require.Eventually(t, func() bool {
		list, err := b.client.ListDeliveries(as(t, b.alice), &hooksv1.ListDeliveriesRequest{HookId: errorsHook.GetId()})
		require.NoError(t, err)
		return list.GetItems()[0].GetStatus() == "succeeded"
	}, 10*time.Second, 20*time.Millisecond)
}

func TestAlertHooksGoToWebhooksOnly(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := as(t, b.alice)
	mirror := createVidhost(t, b)
	_, err := b.client.CreateHook(ctx, &hooksv1.CreateHookRequest{Name: "Bad hours", Event: "video.experience_degraded",
		Service: mirror.GetId(), Action: "videos.insert"})
	grpcxtest.RequireStatus(t, err, codes.InvalidArgument, "service must be a webhook service for event video.experience_degraded")

	copies := createHook(t, b, b.alice, mirror.GetId())
	_, err = b.client.UpdateHook(ctx, &hooksv1.UpdateHookRequest{Id: copies.GetId(),
		Hook: &hooksv1.Hook{Event: "video.experience_degraded"}, UpdateMask: fieldMask("event")})
	grpcxtest.RequireStatus(t, err, codes.InvalidArgument, "service must be a webhook service for event video.experience_degraded")

	webhook := createWebhook(t, b, b.alice)
	alerts, err := b.client.CreateHook(ctx, &hooksv1.CreateHookRequest{Name: "Bad hours", Event: "video.experience_degraded",
		Service: webhook.GetId(), Action: "videos.insert",
		Filters: []*hooksv1.HookFilter{{Field: "startup_time_p95", Operator: ">", Value: "8"}}})
	require.NoError(t, err)
	_, err = b.client.UpdateHook(ctx, &hooksv1.UpdateHookRequest{Id: alerts.GetId(),
		Hook: &hooksv1.Hook{Service: mirror.GetId()}, UpdateMask: fieldMask("service")})
	grpcxtest.RequireStatus(t, err, codes.InvalidArgument, "service must be a webhook service for event video.experience_degraded")
	// Back to video.created, its alert filter no longer fits.
	_, err = b.client.UpdateHook(ctx, &hooksv1.UpdateHookRequest{Id: alerts.GetId(),
		Hook: &hooksv1.Hook{Event: "video.created"}, UpdateMask: fieldMask("event")})
	grpcxtest.RequireStatus(t, err, codes.InvalidArgument,
		"filters[0].field must be one of categories, description, duration, folder, name, privacy, spherical, tags, type")
}
