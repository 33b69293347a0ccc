package main

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"os"
	"syscall"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	"github.com/vidhost/vidhost/deploy/devstack/stack"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/timefmt"
	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"
)

// consumerName is the analytics service's durable consumer.
const consumerName = "analytics-views"

// ingest publishes the events of source as the gateway, then waits until
// the service has settled every one, printing both rates.
func ingest(ctx context.Context, s *stack.Stack, source iter.Seq2[*nats.Msg, error], varDir string) error {
	nc, err := natsx.Connect(natsx.Client{URL: s.NATSURL(), Service: natsx.ServiceGateway, Secret: s.InternalSecret()})
	if err != nil {
		return err
	}
	defer nc.Close()
	js, err := jetstream.New(nc, jetstream.WithPublishAsyncMaxPending(4096))
	if err != nil {
		return err
	}
	cpuBefore := readCPU(varDir)
	began := time.Now()
	events := 0
	for msg, err := range source {
		if err != nil {
			return err
		}
		_, err = js.PublishMsgAsync(msg)
		if errors.Is(err, jetstream.ErrTooManyStalledMsgs) {
			// A busy machine: let the acknowledgements catch up, then go on.
			if err := waitPublished(ctx, js); err != nil {
				return err
			}
			_, err = js.PublishMsgAsync(msg)
		}
		if err != nil {
			return err
		}
		if events++; events%50_000 == 0 {
			if err := waitPublished(ctx, js); err != nil {
				return err
			}
		}
	}
	if err := waitPublished(ctx, js); err != nil {
		return err
	}
	published := time.Since(began)
	fmt.Printf("  published to JetStream: %s, %.0f events/s\n", published.Round(time.Millisecond), float64(events)/published.Seconds())
	// The analytics service's own user may read its consumer's state.
	watcher, err := natsx.Connect(natsx.Client{URL: s.NATSURL(), Service: natsx.ServiceAnalytics, Secret: s.InternalSecret()})
	if err != nil {
		return err
	}
	defer watcher.Close()
	watch, err := jetstream.New(watcher)
	if err != nil {
		return err
	}
	if err := waitSettled(ctx, watch); err != nil {
		return err
	}
	stored := time.Since(began)
	fmt.Printf("  stored by the analytics service (JetStream -> COPY -> roll-ups): %s, %.0f events/s end to end\n",
		stored.Round(time.Millisecond), float64(events)/stored.Seconds())
	printCPU(readCPU(varDir).sub(cpuBefore), events)
	return nil
}

// viewMessages are sh.events plays, spread evenly over videos, domains,
// countries and days, a distinct viewer each.
func viewMessages(accountID string, sh shape) iter.Seq2[*nats.Msg, error] {
	today := time.Now().UTC().Truncate(24 * time.Hour)
	return func(yield func(*nats.Msg, error) bool) {
		for i := range sh.events {
			if !yield(viewMessage(accountID, i, sh, today)) {
				return
			}
		}
	}
}

// viewMessage is event i of viewMessages.
func viewMessage(accountID string, i int, sh shape, today time.Time) (*nats.Msg, error) {
	id := fmt.Sprintf("bench%016d", i)
	at := today.AddDate(0, 0, -(i % sh.days)).Add(time.Duration(i%86_400) * time.Second)
	event := &eventsv1.ViewEvent{
		Meta: &eventsv1.EventMeta{Id: id, AccountId: accountID, OccurredTime: timefmt.Format(at)},
		Type: "play", VideoId: fmt.Sprintf("video%016d", i%sh.videos), ViewerId: fmt.Sprintf("viewer-%012d", i),
		Domain: fmt.Sprintf("site%03d.example", (i/7)%sh.domains), Country: fmt.Sprintf("C%02d", (i/13)%sh.countries),
		Device: "desktop", Browser: "chrome",
	}
	msg := nats.NewMsg(natsx.SubjectAnalyticsViews)
	var err error
	if sh.json {
		msg.Data, err = protojson.Marshal(event)
	} else {
		msg.Data, err = proto.Marshal(event) // as gateway/internal/beacons publishes
		// natsx.SetProtobuf's header, spelled out: run.sh builds this
		// harness against BASELINE trees that predate that function.
		msg.Header.Set("Content-Type", "application/protobuf")
	}
	if err != nil {
		return nil, err
	}
	msg.Header.Set(jetstream.MsgIDHeader, id)
	return msg, nil
}

func waitPublished(ctx context.Context, js jetstream.JetStream) error {
	select {
	case <-js.PublishAsyncComplete():
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// waitSettled polls the service's consumer until nothing is pending.
func waitSettled(ctx context.Context, js jetstream.JetStream) error {
	for {
		c, err := js.Consumer(ctx, natsx.StreamNameViews, consumerName)
		if err == nil {
			info, err := c.Info(ctx)
			if err == nil && info.NumPending == 0 && info.NumAckPending == 0 {
				return nil
			}
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// printCPU prints the CPU time the ingest took per event, and the rate two
// otherwise idle CPUs could sustain at that cost if every part kept both
// busy: a ceiling, not a measurement.
func printCPU(use cpuUse, events int) {
	perEvent := func(d time.Duration) float64 { return float64(d.Microseconds()) / float64(events) }
	total := use.self + use.postgres
	fmt.Printf("  CPU: %.1f µs/event (PostgreSQL %.1f, this process %.1f: publisher, NATS, services); ceiling on 2 idle CPUs %.0f events/s\n",
		perEvent(total), perEvent(use.postgres), perEvent(use.self), 2*float64(events)/total.Seconds())
	fmt.Printf("  this process: peak resident memory %d MiB, GOGC=%s, GOMEMLIMIT=%s\n",
		peakRSS()>>20, envOr("GOGC", "100"), envOr("GOMEMLIMIT", "none"))
}

// peakRSS is this process's largest resident set so far, in bytes: what
// the garbage collector's setting costs in memory.
func peakRSS() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return ru.Maxrss << 10 // Linux reports kilobytes
}

func envOr(name, unset string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return unset
}
