// Command eventconsumer is a runnable example of a consumer of Vidhost's
// public events (docs/events.md): it signs in to NATS as the "consumer"
// user, reads video events from the CATALOG stream through a durable
// JetStream consumer, prints one line per event and acknowledges it.
//
//	VIDHOST_NATS_NKEY_SEED=SU... go run ./examples/eventconsumer -url nats://127.0.0.1:4222
//
// It deduplicates on the event id (meta.id, also the Nats-Msg-Id header):
// delivery is at least once, so a consumer must drop an event it has
// already handled.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/nats-io/nkeys"
	"google.golang.org/protobuf/encoding/protojson"

	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Getenv("VIDHOST_NATS_NKEY_SEED"), os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "eventconsumer:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, seed string, out io.Writer) error {
	flags := flag.NewFlagSet("eventconsumer", flag.ContinueOnError)
	url := flags.String("url", nats.DefaultURL, "NATS server URL")
	durable := flags.String("durable", "example-consumer", "durable consumer name: it resumes where it stopped")
	subjects := flags.String("subjects", "video.created,video.ready,video.error,video.deleted", "comma-separated public subjects of CATALOG")
	maxEvents := flags.Int("max", 0, "exit after this many events (0: run until interrupted)")
	if err := flags.Parse(args); err != nil {
		return err
	}
	nc, err := connect(*url, seed)
	if err != nil {
		return err
	}
	defer nc.Close()
	js, err := jetstream.New(nc)
	if err != nil {
		return err
	}
	consumer, err := js.CreateOrUpdateConsumer(ctx, "CATALOG", jetstream.ConsumerConfig{
		Durable:        *durable,
		FilterSubjects: strings.Split(*subjects, ","),
		AckPolicy:      jetstream.AckExplicitPolicy,
		AckWait:        30 * time.Second,
	})
	if err != nil {
		return fmt.Errorf("create consumer: %w", err)
	}
	seen := map[string]bool{} // a real consumer keeps this where its own data is
	for handled := 0; *maxEvents == 0 || handled < *maxEvents; {
		batch, err := consumer.Fetch(10, jetstream.FetchMaxWait(time.Second))
		if err != nil {
			return err
		}
		for msg := range batch.Messages() {
			var event eventsv1.VideoEvent
			if err := protojson.Unmarshal(msg.Data(), &event); err != nil {
				_ = msg.Term() // not an event of this contract: never redelivered
				continue
			}
			id := event.GetMeta().GetId()
			if !seen[id] {
				seen[id] = true
				fmt.Fprintf(out, "%s id=%s account=%s video=%s status=%s\n", msg.Subject(), id,
					event.GetMeta().GetAccountId(), event.GetVideo().GetId(), event.GetVideo().GetStatus())
				handled++
			}
			_ = msg.Ack()
		}
		if err := batch.Error(); err != nil && !errors.Is(err, nats.ErrTimeout) {
			return err
		}
		if ctx.Err() != nil {
			return nil
		}
	}
	return nil
}

// connect signs in as the consumer user: its nkey, and its own inbox
// prefix, the one subscription the server allows it.
func connect(url, seed string) (*nats.Conn, error) {
	opts := []nats.Option{nats.Name("vidhost-eventconsumer"), nats.CustomInboxPrefix("_INBOX_consumer")}
	if seed != "" {
		kp, err := nkeys.FromSeed([]byte(seed))
		if err != nil {
			return nil, fmt.Errorf("VIDHOST_NATS_NKEY_SEED: %w", err)
		}
		public, err := kp.PublicKey()
		if err != nil {
			return nil, err
		}
		opts = append(opts, nats.Nkey(public, kp.Sign))
	}
	return nats.Connect(url, opts...)
}
