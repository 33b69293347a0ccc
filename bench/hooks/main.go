// Command hooks measures the hooks service on an idle devstack: how long a
// matching video's video.ready takes to reach a webhook receiver (p50,
// p99), and how many deliveries per second reach a fast local receiver.
// Each figure is printed next to a baseline measured in the same run: a
// bare bridge, a JetStream consumer (the public "consumer" user) that POSTs
// each event to the same receiver, the least any hooks service must do.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"google.golang.org/protobuf/encoding/protojson"

	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"
	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"

	"github.com/vidhost/vidhost/deploy/devstack/stack"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/natsx"
)

func main() {
	samples := flag.Int("samples", 200, "sequential events timed for the latency")
	deliveries := flag.Int("deliveries", 2000, "events delivered at once for the throughput")
	flag.Parse()
	if err := run(*samples, *deliveries); err != nil {
		fmt.Fprintln(os.Stderr, "bench/hooks:", err)
		os.Exit(1)
	}
}

// receiver is a fast webhook endpoint: it notes when each video arrived.
type receiver struct {
	mu      sync.Mutex
	arrived map[string]time.Time
	notify  chan string
}

func (r *receiver) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	body, _ := io.ReadAll(req.Body)
	var p struct {
		Data struct {
			ID string `json:"id"`
		} `json:"data"`
		Video struct {
			ID string `json:"id"`
		} `json:"video"`
	}
	_ = json.Unmarshal(body, &p)
	id := p.Data.ID + p.Video.ID // a webhook's data, or the baseline's raw event
	r.mu.Lock()
	_, seen := r.arrived[id]
	if !seen {
		r.arrived[id] = time.Now()
	}
	r.mu.Unlock()
	if !seen {
		r.notify <- id
	}
	w.WriteHeader(http.StatusNoContent)
}

// bench is a running devstack, publishing as its catalog.
type bench struct {
	s       *stack.Stack
	js      jetstream.JetStream
	account string
}

func run(samples, deliveries int) error {
	varDir, err := os.MkdirTemp("", "vidhost-bench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(varDir)
	_ = os.Chmod(varDir, 0o755)
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
	defer cancel()
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelError}))
	s, err := stack.Start(ctx, stack.Config{VarDir: varDir, HTTPAddr: "127.0.0.1:0", NATSPort: -1, LogLevel: "error",
		DatabaseURL: os.Getenv("DATABASE_URL")}, logger)
	if err != nil {
		return err
	}
	defer func() { _ = s.Stop(context.Background()) }()
	nc, err := natsx.Connect(natsx.Client{URL: s.NATSURL(), Service: natsx.ServiceCatalog, Secret: s.InternalSecret()})
	if err != nil {
		return err
	}
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		return err
	}
	b := bench{s: s, js: js, account: s.Credentials.AccountID}
	recv := &receiver{arrived: map[string]time.Time{}, notify: make(chan string, deliveries+samples+16)}
	srv := httptest.NewServer(recv)
	defer srv.Close()

	// Baseline first, while no hook exists: the hooks service only records
	// each video's outcome.
	bridgeStop, err := b.bridge(ctx, srv.URL)
	if err != nil {
		return err
	}
	baseLatency, err := b.latency(ctx, recv, samples, false)
	if err != nil {
		return err
	}
	baseRate, err := b.throughput(ctx, recv, deliveries, false)
	if err != nil {
		return err
	}
	bridgeStop()

	if err := b.hook(srv.URL); err != nil {
		return err
	}
	hookLatency, err := b.latency(ctx, recv, samples, true)
	if err != nil {
		return err
	}
	hookRate, err := b.throughput(ctx, recv, deliveries, true)
	if err != nil {
		return err
	}
	fmt.Printf("video.ready -> webhook received, %d sequential events on an idle stack:\n", samples)
	fmt.Printf("  hooks service   p50 %8.2f ms   p99 %8.2f ms\n", ms(pct(hookLatency, 50)), ms(pct(hookLatency, 99)))
	fmt.Printf("  bare bridge     p50 %8.2f ms   p99 %8.2f ms\n", ms(pct(baseLatency, 50)), ms(pct(baseLatency, 99)))
	fmt.Printf("  ratio           p50 %8.2fx    p99 %8.2fx\n", ratio(pct(hookLatency, 50), pct(baseLatency, 50)), ratio(pct(hookLatency, 99), pct(baseLatency, 99)))
	fmt.Printf("deliveries per second, %d events at once to one fast local receiver:\n", deliveries)
	fmt.Printf("  hooks service   %8.0f /s (at most %d attempts at once per service)\n", hookRate, 4)
	fmt.Printf("  bare bridge     %8.0f /s (4 POSTs at once)\n", baseRate)
	fmt.Printf("  ratio           %8.2fx\n", hookRate/baseRate)
	return nil
}

// hook creates a webhook service to url and a hook on every video.
func (b bench) hook(url string) error {
	var service struct {
		Result struct {
			ID string `json:"id"`
		} `json:"result"`
	}
	if err := b.post("/v2/services", map[string]any{"name": "Bench", "type": "webhook", "url": url}, &service); err != nil {
		return err
	}
	return b.post("/v2/hooks", map[string]any{"name": "Every video", "event": "video.created",
		"service": service.Result.ID, "action": "videos.insert"}, nil)
}

func (b bench) post(path string, body, out any) error {
	data, _ := json.Marshal(body)
	req, err := http.NewRequest(http.MethodPost, b.s.URL+path, bytes.NewReader(data))
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+b.s.Credentials.APIKey)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	answer, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("POST %s: %s: %s", path, resp.Status, answer)
	}
	if out != nil {
		return json.Unmarshal(answer, out)
	}
	return nil
}

// publish announces subject for a video of the account, as the catalog does.
func (b bench) publish(ctx context.Context, subject, videoID, status string, async bool) error {
	meta := &eventsv1.EventMeta{Id: ids.New(), AccountId: b.account, OccurredTime: time.Now().UTC().Format("2006-01-02T15:04:05.000Z")}
	data, err := protojson.Marshal(&eventsv1.VideoEvent{Meta: meta,
		Video: &catalogv1.Video{Id: videoID, Name: "Bench", Type: "vod", Privacy: "unlisted", Status: status}})
	if err != nil {
		return err
	}
	msg := nats.NewMsg(subject)
	msg.Data = data
	msg.Header.Set(nats.MsgIdHdr, meta.GetId())
	if async {
		_, err = b.js.PublishMsgAsync(msg)
		return err
	}
	_, err = b.js.PublishMsg(ctx, msg)
	return err
}

// latency times video.ready to receipt for samples videos, one at a time;
// created first publishes (and lets the hooks service match) video.created.
func (b bench) latency(ctx context.Context, recv *receiver, samples int, created bool) ([]time.Duration, error) {
	var out []time.Duration
	for range samples {
		video := ids.New()
		if created {
			if err := b.publish(ctx, natsx.SubjectVideoCreated, video, "preparing", false); err != nil {
				return nil, err
			}
			time.Sleep(20 * time.Millisecond) // matched: the delivery waits for the video
		}
		start := time.Now()
		if err := b.publish(ctx, natsx.SubjectVideoReady, video, "ready", false); err != nil {
			return nil, err
		}
		if err := wait(recv, video); err != nil {
			return nil, err
		}
		recv.mu.Lock()
		out = append(out, recv.arrived[video].Sub(start))
		recv.mu.Unlock()
	}
	return out, nil
}

// throughput publishes n videos' video.ready at once (their video.created
// matched first) and returns deliveries per second until the last arrived.
func (b bench) throughput(ctx context.Context, recv *receiver, n int, created bool) (float64, error) {
	videos := make([]string, n)
	for i := range videos {
		videos[i] = ids.New()
		if created {
			if err := b.publish(ctx, natsx.SubjectVideoCreated, videos[i], "preparing", true); err != nil {
				return 0, err
			}
		}
	}
	<-b.js.PublishAsyncComplete()
	if created {
		time.Sleep(3 * time.Second) // every video.created matched
	}
	start := time.Now()
	for _, video := range videos {
		if err := b.publish(ctx, natsx.SubjectVideoReady, video, "ready", true); err != nil {
			return 0, err
		}
	}
	if os.Getenv("BENCH_DEBUG") != "" && created {
		go func() {
			pool, err := pgxpool.New(ctx, b.s.ServiceDatabaseURL("hooks"))
			if err != nil {
				fmt.Println(err)
				return
			}
			defer pool.Close()
			for range 40 {
				var w, p, ok int
				err := pool.QueryRow(ctx, "SELECT count(*) FILTER (WHERE status='waiting'), count(*) FILTER (WHERE status='pending'), count(*) FILTER (WHERE status='succeeded') FROM hooks.deliveries").Scan(&w, &p, &ok)
				fmt.Println(time.Since(start).Round(time.Millisecond), "waiting", w, "pending", p, "succeeded", ok, err)
				time.Sleep(500 * time.Millisecond)
			}
		}()
	}
	for range videos {
		select {
		case <-recv.notify:
		case <-time.After(time.Minute):
			return 0, fmt.Errorf("deliveries stopped arriving")
		}
	}
	return float64(n) / time.Since(start).Seconds(), nil
}

func wait(recv *receiver, video string) error {
	for {
		select {
		case id := <-recv.notify:
			if id == video {
				return nil
			}
		case <-time.After(30 * time.Second):
			return fmt.Errorf("video %s never arrived", video)
		}
	}
}

// bridge is the baseline: a JetStream consumer of video.ready, as the
// public consumer user, POSTing each event to url, 4 at once.
func (b bench) bridge(ctx context.Context, url string) (func(), error) {
	nc, err := natsx.Connect(natsx.Client{URL: b.s.NATSURL(), Service: natsx.ServiceConsumer, Secret: b.s.InternalSecret()})
	if err != nil {
		return nil, err
	}
	js, err := jetstream.New(nc)
	if err != nil {
		return nil, err
	}
	consumer, err := js.CreateOrUpdateConsumer(ctx, natsx.StreamNameCatalog, jetstream.ConsumerConfig{
		Durable: "bench-bridge", FilterSubjects: []string{natsx.SubjectVideoReady}, AckPolicy: jetstream.AckExplicitPolicy,
		DeliverPolicy: jetstream.DeliverNewPolicy,
	})
	if err != nil {
		return nil, err
	}
	slots := make(chan struct{}, 4)
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 4}}
	consuming, err := consumer.Consume(func(msg jetstream.Msg) {
		slots <- struct{}{}
		go func() {
			defer func() { <-slots }()
			resp, err := client.Post(url, "application/json", bytes.NewReader(msg.Data()))
			if err == nil {
				_, _ = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
			}
			_ = msg.Ack()
		}()
	})
	if err != nil {
		return nil, err
	}
	return func() { consuming.Stop(); nc.Close() }, nil
}

func pct(d []time.Duration, p int) time.Duration {
	s := slices.Clone(d)
	slices.Sort(s)
	return s[min(len(s)-1, len(s)*p/100)]
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func ratio(a, b time.Duration) float64 { return float64(a) / float64(b) }
