package drill

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"sync"
	"time"

	vidhost "github.com/vidhost/vidhost/sdk/go"
)

// webhookLog is a local receiver of a webhook hook on video.created: the
// services' own path for the event (the catalog's outbox, NATS, the hooks
// service's durable consumer on two replicas, its delivery engine). It
// records every delivery by the video and by webhook-id, the delivery's id,
// so a video delivered twice, under two ids or the same one again, shows.
type webhookLog struct {
	srv *http.Server
	url string

	mu      sync.Mutex
	byVideo map[string]map[string]int // video id -> webhook-id -> deliveries
}

func startWebhookReceiver() (*webhookLog, error) {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	w := &webhookLog{url: "http://" + lis.Addr().String() + "/hook", byVideo: map[string]map[string]int{}}
	w.srv = &http.Server{Handler: http.HandlerFunc(w.receive), ReadHeaderTimeout: 5 * time.Second}
	go func() { _ = w.srv.Serve(lis) }()
	return w, nil
}

func (w *webhookLog) close() { _ = w.srv.Close() }

func (w *webhookLog) receive(rw http.ResponseWriter, req *http.Request) {
	var body struct {
		Type string `json:"type"`
		Data struct {
			ID string `json:"id"`
		} `json:"data"`
	}
	if err := json.NewDecoder(req.Body).Decode(&body); err != nil || body.Data.ID == "" {
		http.Error(rw, "not a video event", http.StatusBadRequest)
		return
	}
	w.mu.Lock()
	ids := w.byVideo[body.Data.ID]
	if ids == nil {
		ids = map[string]int{}
		w.byVideo[body.Data.ID] = ids
	}
	ids[req.Header.Get("webhook-id")]++
	w.mu.Unlock()
	rw.WriteHeader(http.StatusNoContent)
}

// subscribe makes a webhook service pointing at the receiver and a hook
// sending it every video.created (the drill's services allow plain HTTP to
// this machine, as the devstack's do).
func (w *webhookLog) subscribe(ctx context.Context, client *vidhost.Client) error {
	service, err := vidhost.NewCollection[map[string]any](client, "services").Create(ctx,
		map[string]any{"name": "drill receiver", "type": "webhook", "url": w.url})
	if err != nil {
		return fmt.Errorf("the drill's webhook service: %w", err)
	}
	_, err = vidhost.NewCollection[map[string]any](client, "hooks").Create(ctx, map[string]any{
		"name": "drill video.created", "event": "video.created", "service": (*service)["id"], "action": "videos.insert",
	})
	if err != nil {
		return fmt.Errorf("the drill's hook: %w", err)
	}
	return nil
}

// webhookCounts are, per video, the distinct delivery ids and the
// deliveries of an id already received.
type webhookCounts struct {
	ids     map[string]int
	repeats map[string]int
	total   int
}

func (w *webhookLog) counts() webhookCounts {
	w.mu.Lock()
	defer w.mu.Unlock()
	c := webhookCounts{ids: map[string]int{}, repeats: map[string]int{}}
	for video, ids := range w.byVideo {
		c.ids[video] = len(ids)
		for _, n := range ids {
			c.repeats[video] += n - 1
			c.total += n
		}
	}
	return c
}

// webhookTimeout bounds the wait for the last deliveries: they are sent
// once their video is ready, polled every second.
const webhookTimeout = time.Minute

// waitDeliveries waits until every video has a delivery, then a little
// longer so that a late second delivery would be seen too.
func (w *webhookLog) waitDeliveries(videos []string) {
	deadline := time.Now().Add(webhookTimeout)
	for time.Now().Before(deadline) {
		counts, missing := w.counts(), 0
		for _, id := range videos {
			if counts.ids[id] == 0 {
				missing++
			}
		}
		if missing == 0 {
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	time.Sleep(3 * time.Second) // the hooks' poll interval, thrice
}
