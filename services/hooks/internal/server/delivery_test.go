package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/fieldmaskpb"

	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"
	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"
	hooksv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/hooks/v1"

	"github.com/vidhost/vidhost/pkg/config"
	"github.com/vidhost/vidhost/pkg/grpcx/grpcxtest"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/natstest"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/pgtest"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/pkg/timefmt"
	"github.com/vidhost/vidhost/services/hooks/app"
	"github.com/vidhost/vidhost/services/hooks/internal/delivery"
)

// The delivery tests take about two seconds: a hooks service with a fast
// poll and retry schedule, receivers on this machine, events published as
// the catalog would.

// receiver is a webhook endpoint that verifies every delivery with the
// Standard Webhooks library and counts them by webhook-id.
type receiver struct {
	*httptest.Server
	mu        sync.Mutex
	verifier  *standardwebhooks.Webhook
	failFirst int // answer 500 to the first attempts of each delivery
	attempts  map[string]int
	succeeded map[string]string // webhook-id -> video id
	bad       []error
	// repeats counts successes of an id already handled, which the
	// receiver drops (a process killed before it recorded an attempt
	// sends it again); a fault test allows them.
	repeats     int
	allowRepeat bool
}

func newReceiver(t *testing.T, secret string, failFirst int) *receiver {
	verifier, err := standardwebhooks.NewWebhook(secret)
	require.NoError(t, err)
	r := &receiver{verifier: verifier, failFirst: failFirst, attempts: map[string]int{}, succeeded: map[string]string{}}
	r.Server = httptest.NewServer(http.HandlerFunc(r.serve))
	t.Cleanup(r.Close)
	return r
}

func (r *receiver) serve(w http.ResponseWriter, req *http.Request) {
	body, _ := io.ReadAll(req.Body)
	r.mu.Lock()
	defer r.mu.Unlock()
	if err := r.verifier.Verify(body, req.Header); err != nil {
		r.bad = append(r.bad, err)
		http.Error(w, "bad signature", http.StatusUnauthorized)
		return
	}
	id := req.Header.Get("webhook-id")
	r.attempts[id]++
	if r.attempts[id] <= r.failFirst {
		http.Error(w, "not now", http.StatusInternalServerError)
		return
	}
	var payload struct {
		Type string `json:"type"`
		Data struct {
			ID     string `json:"id"`
			Status string `json:"status"`
		} `json:"data"`
	}
	_ = json.Unmarshal(body, &payload)
	if payload.Data.Status != "ready" {
		r.bad = append(r.bad, fmt.Errorf("delivery %s of a video in status %q", id, payload.Data.Status))
	}
	if _, again := r.succeeded[id]; again {
		r.repeats++
		if !r.allowRepeat {
			r.bad = append(r.bad, assert.AnError) // a second success for one id
		}
		return
	}
	r.succeeded[id] = payload.Data.ID
}

// videos returns the video ids delivered successfully, one per delivery.
func (r *receiver) videos() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []string
	for _, video := range r.succeeded {
		out = append(out, video)
	}
	return out
}

type deliveryBundle struct {
	testBundle
	js func(subject string, data []byte, msgID string)
}

func setupDelivery(t *testing.T) deliveryBundle {
	t.Helper()
	db := pgtest.Schema(t)
	natsURL := natstest.Start(t)
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	cfg := app.Config{DatabaseURL: db.URL, DBSchema: db.Schema,
		Common:        config.Common{NATSURL: natsURL, InternalSecret: secret, NATS: natstest.Settings(t, natsx.ServiceHooks)},
		AllowHTTPURLs: true, AllowLoopback: true, DeliveryTimeout: 2 * time.Second}
	opts := app.Options{Listener: lis, Delivery: delivery.Options{Poll: 20 * time.Millisecond,
		Schedule: []time.Duration{30 * time.Millisecond, 30 * time.Millisecond, 30 * time.Millisecond}}}
	b := startApp(t, cfg, opts, db)
	harness := natstest.JetStream(t, natsURL)
	publish := func(subject string, data []byte, msgID string) {
		_, err := harness.PublishMsg(t.Context(), natsMsg(subject, data, msgID))
		require.NoError(t, err)
	}
	return deliveryBundle{testBundle: b, js: publish}
}

// publishVideo publishes video.created, then video.ready, for a video of
// p's account, as the catalog does, and returns the video's id.
func (b deliveryBundle) publishVideo(t *testing.T, p principal.Principal, eventID string, tags []string, duration float64) string {
	t.Helper()
	video := b.publishCreated(t, p, eventID, tags, duration)
	b.publishOutcome(t, p, natsx.SubjectVideoReady, video, "")
	return video.GetId()
}

// publishCreated publishes video.created for a new video of p's account.
func (b deliveryBundle) publishCreated(t *testing.T, p principal.Principal, eventID string, tags []string, duration float64) *catalogv1.Video {
	t.Helper()
	video := &catalogv1.Video{Id: ids.New(), Name: "Video", Type: "vod", Privacy: "unlisted", Tags: tags, Duration: duration,
		Status: "preparing", CreatedTime: "2026-11-24T18:00:00.000Z"}
	b.publishEvent(t, p, natsx.SubjectVideoCreated, eventID, video)
	return video
}

// publishOutcome publishes video.ready, video.error or video.deleted for
// video, in the status the subject means.
func (b deliveryBundle) publishOutcome(t *testing.T, p principal.Principal, subject string, video *catalogv1.Video, reason string) {
	t.Helper()
	settled := proto.CloneOf(video)
	settled.Status, settled.StatusReason = map[string]string{natsx.SubjectVideoReady: "ready", natsx.SubjectVideoError: "error",
		natsx.SubjectVideoDeleted: video.GetStatus()}[subject], reason
	b.publishEvent(t, p, subject, ids.New(), settled)
}

func (b deliveryBundle) publishEvent(t *testing.T, p principal.Principal, subject, eventID string, video *catalogv1.Video) {
	t.Helper()
	b.publishEventAt(t, p, subject, eventID, video, time.Now())
}

func (b deliveryBundle) publishEventAt(t *testing.T, p principal.Principal, subject, eventID string, video *catalogv1.Video, occurred time.Time) {
	t.Helper()
	data, err := protojson.Marshal(&eventsv1.VideoEvent{
		Meta:  &eventsv1.EventMeta{Id: eventID, AccountId: p.AccountID, OccurredTime: timefmt.Format(occurred)},
		Video: video,
	})
	require.NoError(t, err)
	b.js(subject, data, ids.New())
}

func (b deliveryBundle) webhookTo(t *testing.T, p principal.Principal, url string) *hooksv1.Service {
	t.Helper()
	s, err := b.client.CreateService(as(t, p), &hooksv1.CreateServiceRequest{Name: "Receiver", Type: "webhook", Url: url})
	require.NoError(t, err)
	return s
}

func (b deliveryBundle) hookOn(t *testing.T, p principal.Principal, serviceID, logic string) {
	t.Helper()
	_, err := b.client.CreateHook(as(t, p), &hooksv1.CreateHookRequest{Name: "Launches " + logic, Event: "video.created",
		Service: serviceID, Action: "videos.insert", FiltersLogic: logic, Filters: []*hooksv1.HookFilter{
			{Field: "tags", Operator: "==", Value: "launch"}, {Field: "duration", Operator: ">", Value: "60"}}})
	require.NoError(t, err)
}

func TestMatchingVideosAreDeliveredOnceAndSigned(t *testing.T) {
	t.Parallel()
	b := setupDelivery(t)
	and := b.webhookTo(t, b.alice, "http://127.0.0.1:9/and")
	or := b.webhookTo(t, b.alice, "http://127.0.0.1:9/or")
	andR, orR := newReceiver(t, and.GetSecret(), 0), newReceiver(t, or.GetSecret(), 0)
	b.repoint(t, and.GetId(), andR.URL)
	b.repoint(t, or.GetId(), orR.URL)
	b.hookOn(t, b.alice, and.GetId(), "and")
	b.hookOn(t, b.alice, or.GetId(), "or")

	launchShort := b.publishVideo(t, b.alice, ids.New(), []string{"launch"}, 30)
	b.publishVideo(t, b.alice, ids.New(), []string{"teaser"}, 10) // filtered out by both
	launchLong := b.publishVideo(t, b.alice, ids.New(), []string{"launch"}, 120)
	b.publishVideo(t, b.bob, ids.New(), []string{"launch"}, 120) // another account's video fires none of alice's hooks

	require.Eventually(t, func() bool { return len(orR.videos()) == 2 && len(andR.videos()) == 1 }, 10*time.Second, 20*time.Millisecond)
	time.Sleep(200 * time.Millisecond) // nothing more arrives
	assert.ElementsMatch(t, []string{launchShort, launchLong}, orR.videos(), "or: either filter")
	assert.Equal(t, []string{launchLong}, andR.videos(), "and: both filters")
	assert.Empty(t, andR.bad)
	assert.Empty(t, orR.bad)
}

// TestAHookFiresOnlyForVideosCreatedAfterIt: an event published again long
// after it occurred (a restore publishes the last hour's events once more)
// does not reach back to a hook made since.
func TestAHookFiresOnlyForVideosCreatedAfterIt(t *testing.T) {
	t.Parallel()
	b := setupDelivery(t)
	s := b.webhookTo(t, b.alice, "http://127.0.0.1:9/late")
	r := newReceiver(t, s.GetSecret(), 0)
	b.repoint(t, s.GetId(), r.URL)
	b.hookOn(t, b.alice, s.GetId(), "or")

	before := &catalogv1.Video{Id: ids.New(), Name: "Before", Type: "vod", Privacy: "unlisted", Tags: []string{"launch"}, Status: "preparing"}
	b.publishEventAt(t, b.alice, natsx.SubjectVideoCreated, ids.New(), before, time.Now().Add(-time.Hour))
	b.publishOutcome(t, b.alice, natsx.SubjectVideoReady, before, "")
	after := b.publishVideo(t, b.alice, ids.New(), []string{"launch"}, 30)

	require.Eventually(t, func() bool { return len(r.videos()) == 1 }, 10*time.Second, 20*time.Millisecond)
	time.Sleep(200 * time.Millisecond) // nothing more arrives
	assert.Equal(t, []string{after}, r.videos(), "the video created before the hook fires nothing")
}

func TestFailedAttemptsAreRetriedUntilOneSucceeds(t *testing.T) {
	t.Parallel()
	b := setupDelivery(t)
	s := b.webhookTo(t, b.alice, "http://127.0.0.1:9/in")
	r := newReceiver(t, s.GetSecret(), 3)
	b.repoint(t, s.GetId(), r.URL)
	_, err := b.client.CreateHook(as(t, b.alice), &hooksv1.CreateHookRequest{Name: "All", Event: "video.created", Service: s.GetId(), Action: "videos.insert"})
	require.NoError(t, err)

	event := ids.New()
	created := b.publishCreated(t, b.alice, event, nil, 5)
	b.publishEvent(t, b.alice, natsx.SubjectVideoCreated, event, created) // the same event again: no second delivery
	b.publishOutcome(t, b.alice, natsx.SubjectVideoReady, created, "")
	video := created.GetId()

	require.Eventually(t, func() bool { return len(r.videos()) == 1 }, 10*time.Second, 20*time.Millisecond)
	time.Sleep(200 * time.Millisecond)
	assert.Equal(t, []string{video}, r.videos(), "exactly one success")
	assert.Empty(t, r.bad)
	var status string
	var attempts int
	require.NoError(t, b.db.Pool(t).QueryRow(context.Background(),
		"SELECT status, attempts FROM deliveries WHERE account_id = $1", b.alice.AccountID).Scan(&status, &attempts))
	assert.Equal(t, "succeeded", status)
	assert.Equal(t, 4, attempts, "three failures, then the success")
}

// repoint moves a service to url (the receiver's port is known only once
// it listens, after the service and its secret exist).
func (b deliveryBundle) repoint(t *testing.T, serviceID, url string) {
	t.Helper()
	_, err := b.client.UpdateService(as(t, b.alice), &hooksv1.UpdateServiceRequest{Id: serviceID,
		Service: &hooksv1.Service{Url: &url}, UpdateMask: fieldMask("url")})
	require.NoError(t, err)
}

func natsMsg(subject string, data []byte, msgID string) *nats.Msg {
	msg := nats.NewMsg(subject)
	msg.Data = data
	msg.Header.Set(nats.MsgIdHdr, msgID)
	return msg
}

func fieldMask(paths ...string) *fieldmaskpb.FieldMask { return &fieldmaskpb.FieldMask{Paths: paths} }

func TestTheDeliveryLogAndRetry(t *testing.T) {
	t.Parallel()
	b := setupDelivery(t)
	s := b.webhookTo(t, b.alice, "http://127.0.0.1:9/in")
	r := newReceiver(t, s.GetSecret(), 1000) // fails every attempt
	b.repoint(t, s.GetId(), r.URL)
	hook, err := b.client.CreateHook(as(t, b.alice), &hooksv1.CreateHookRequest{Name: "All", Event: "video.created", Service: s.GetId(), Action: "videos.insert"})
	require.NoError(t, err)
	video := b.publishVideo(t, b.alice, ids.New(), nil, 5)

	var d *hooksv1.Delivery
	require.Eventually(t, func() bool {
		list, err := b.client.ListDeliveries(as(t, b.alice), &hooksv1.ListDeliveriesRequest{HookId: hook.GetId()})
		require.NoError(t, err)
		if len(list.GetItems()) == 1 {
			d = list.GetItems()[0]
		}
		return d != nil && d.GetStatus() == "failed"
	}, 10*time.Second, 20*time.Millisecond)
	assert.Equal(t, video, d.GetVideo())
	assert.Equal(t, int32(4), d.GetAttempts(), "the first attempt and the schedule's three retries")
	assert.Equal(t, int32(500), d.GetLastHttpStatus())
	assert.Contains(t, d.GetError(), "receiver answered 500")
	assert.Empty(t, d.GetNextAttemptTime())

	_, err = b.client.ListDeliveries(as(t, b.bob), &hooksv1.ListDeliveriesRequest{HookId: hook.GetId()})
	grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")
	_, err = b.client.RetryDelivery(as(t, b.bob), &hooksv1.RetryDeliveryRequest{HookId: hook.GetId(), Id: d.GetId()})
	grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")

	r.mu.Lock()
	r.failFirst = 0
	r.mu.Unlock()
	retried, err := b.client.RetryDelivery(as(t, b.alice), &hooksv1.RetryDeliveryRequest{HookId: hook.GetId(), Id: d.GetId()})
	require.NoError(t, err)
	assert.Equal(t, d.GetId(), retried.GetId(), "the same id: receivers dedupe on it")
	require.Eventually(t, func() bool { return len(r.videos()) == 1 }, 10*time.Second, 20*time.Millisecond)
	require.Eventually(t, func() bool {
		list, err := b.client.ListDeliveries(as(t, b.alice), &hooksv1.ListDeliveriesRequest{HookId: hook.GetId()})
		require.NoError(t, err)
		return list.GetItems()[0].GetStatus() == "succeeded"
	}, 10*time.Second, 20*time.Millisecond)
}

func TestDeliveriesWaitForTheVideosOutcome(t *testing.T) {
	t.Parallel()
	b := setupDelivery(t)
	s := b.webhookTo(t, b.alice, "http://127.0.0.1:9/in")
	r := newReceiver(t, s.GetSecret(), 0)
	b.repoint(t, s.GetId(), r.URL)
	hook, err := b.client.CreateHook(as(t, b.alice), &hooksv1.CreateHookRequest{Name: "All", Event: "video.created", Service: s.GetId(), Action: "videos.insert"})
	require.NoError(t, err)
	deliveries := func() map[string]*hooksv1.Delivery {
		list, err := b.client.ListDeliveries(as(t, b.alice), &hooksv1.ListDeliveriesRequest{HookId: hook.GetId()})
		require.NoError(t, err)
		out := map[string]*hooksv1.Delivery{}
		for _, d := range list.GetItems() {
			out[d.GetVideo()] = d
		}
		return out
	}

	ready := b.publishCreated(t, b.alice, ids.New(), nil, 5)
	failed := b.publishCreated(t, b.alice, ids.New(), nil, 5)
	deleted := b.publishCreated(t, b.alice, ids.New(), nil, 5)
	require.Eventually(t, func() bool { return len(deliveries()) == 3 }, 10*time.Second, 20*time.Millisecond)
	time.Sleep(200 * time.Millisecond)
	assert.Empty(t, r.videos(), "nothing is sent before the video is ready")
	waiting := deliveries()[ready.GetId()]
	assert.Equal(t, "waiting", waiting.GetStatus())
	_, err = b.client.RetryDelivery(as(t, b.alice), &hooksv1.RetryDeliveryRequest{HookId: hook.GetId(), Id: waiting.GetId()})
	grpcxtest.RequireStatus(t, err, codes.FailedPrecondition, "the delivery is waiting for its video's outputs")

	b.publishOutcome(t, b.alice, natsx.SubjectVideoError, failed, "the source has no video stream")
	b.publishOutcome(t, b.alice, natsx.SubjectVideoDeleted, deleted, "")
	b.publishOutcome(t, b.alice, natsx.SubjectVideoReady, ready, "")
	require.Eventually(t, func() bool { return len(r.videos()) == 1 }, 10*time.Second, 20*time.Millisecond)
	assert.Equal(t, []string{ready.GetId()}, r.videos())
	assert.Empty(t, r.bad, "delivered with the video as it is when ready")
	require.Eventually(t, func() bool {
		d := deliveries()
		return d[ready.GetId()].GetStatus() == "succeeded" && d[failed.GetId()].GetStatus() == "skipped" &&
			d[deleted.GetId()].GetStatus() == "skipped"
	}, 10*time.Second, 20*time.Millisecond)
	d := deliveries()
	assert.Equal(t, "the video ended in error: the source has no video stream", d[failed.GetId()].GetError())
	assert.Equal(t, "the video was deleted before its outputs existed", d[deleted.GetId()].GetError())
	assert.Equal(t, waiting.GetId(), d[ready.GetId()].GetId(), "the delivery keeps its id")

	// An outcome matched before its video.created (consumers run apart)
	// is applied when the video is matched.
	early := &catalogv1.Video{Id: ids.New(), Name: "Early", Type: "vod", Privacy: "unlisted", Status: "preparing"}
	b.publishOutcome(t, b.alice, natsx.SubjectVideoReady, early, "")
	time.Sleep(200 * time.Millisecond)
	b.publishEvent(t, b.alice, natsx.SubjectVideoCreated, ids.New(), early)
	require.Eventually(t, func() bool { return len(r.videos()) == 2 }, 10*time.Second, 20*time.Millisecond)
	assert.Empty(t, r.bad)
}
