package auth

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"google.golang.org/protobuf/encoding/protojson"

	"github.com/vidhost/vidhost/pkg/natsx"
	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"
)

// retryDelay paces attempts to subscribe while NATS or the IDENTITY stream
// is not there yet; requests meanwhile all ask identity.
const retryDelay = time.Second

// attemptTimeout bounds one attempt to create the consumer, which otherwise
// waits as long as NATS is unreachable.
const attemptTimeout = 2 * time.Second

var (
	errSubscriptionEnded = errors.New("key event subscription ended")
	errConnectionLost    = errors.New("NATS connection lost")
)

// Invalidator subscribes to key and user events and evicts the keys they
// name; a change to a person (role, disabled, deleted) flushes the cache,
// since their keys act with at most their role (docs/roles.md). Its
// cache is live only while the subscription runs on a connected NATS
// connection; a disconnect or reconnect flushes it, since events may have
// been missed in between.
type Invalidator struct {
	cache   *Cache
	logger  *slog.Logger
	running atomic.Bool
	// lost hears of every disconnect: the subscription starts over on a
	// consumer made after the reconnection. An ordered consumer would
	// recreate itself, but only once it notices, and from "new" when it
	// had seen nothing: an event published in between was lost while the
	// cache, connected again, answered (a revoked key stayed cached).
	lost chan struct{}
	// onUserChange, when set, also runs on every user event: the gateway
	// empties its session cache there, so a person disabled or deleted
	// through another gateway loses their sessions' media tokens here too.
	onUserChange atomic.Pointer[func()]
}

// NewInvalidator returns an Invalidator for cache.
func NewInvalidator(cache *Cache, logger *slog.Logger) *Invalidator {
	return &Invalidator{cache: cache, logger: logger, lost: make(chan struct{}, 1)}
}

// OnUserChange makes f run on every user event (user.updated,
// user.deleted) from now on; it may be called while Run runs.
func (v *Invalidator) OnUserChange(f func()) { v.onUserChange.Store(&f) }

// ConnectOption is a nats.Option (pass it to natsx.Connect) that flushes the
// cache on every disconnect and reconnect. It keeps callbacks set by earlier
// options, such as natsx.LogEvents.
func (v *Invalidator) ConnectOption() nats.Option {
	return func(o *nats.Options) error {
		onDisconnect, onReconnect := o.DisconnectedErrCB, o.ReconnectedCB
		o.DisconnectedErrCB = func(nc *nats.Conn, err error) {
			v.running.Store(false) // the cache is off until a new subscription runs
			v.cache.Flush()
			select {
			case v.lost <- struct{}{}:
			default: // one pending signal is enough
			}
			if onDisconnect != nil {
				onDisconnect(nc, err)
			}
		}
		o.ReconnectedCB = func(nc *nats.Conn) {
			v.cache.Flush()
			if onReconnect != nil {
				onReconnect(nc)
			}
		}
		return nil
	}
}

// Run subscribes to key.> and the user changes with an ordered consumer delivering new events
// only, retrying until it succeeds, and keeps the subscription until ctx is
// done.
func (v *Invalidator) Run(ctx context.Context, js jetstream.JetStream) {
	nc := js.Conn()
	v.cache.setLive(func() bool { return v.running.Load() && nc.IsConnected() })
	failing := false
	for ctx.Err() == nil {
		err := v.consume(ctx, js)
		switch {
		case err == nil || ctx.Err() != nil:
		case !failing: // say it once per outage, not once per attempt
			v.logger.Warn("key events unavailable; authenticating every request", "error", err)
		default:
			v.logger.Debug("key events still unavailable", "error", err)
		}
		failing = err != nil
		select {
		case <-ctx.Done():
		case <-time.After(retryDelay):
		}
	}
}

// consume runs one subscription until ctx is done or the subscription ends.
func (v *Invalidator) consume(ctx context.Context, js jetstream.JetStream) error {
	select {
	case <-v.lost: // a disconnect before this attempt: it is what this attempt starts over from
	default:
	}
	attemptCtx, cancel := context.WithTimeout(ctx, attemptTimeout)
	defer cancel()
	consumer, err := js.OrderedConsumer(attemptCtx, natsx.StreamNameIdentity, jetstream.OrderedConsumerConfig{
		FilterSubjects: []string{"key.>", natsx.SubjectUserUpdated, natsx.SubjectUserDeleted},
		DeliverPolicy:  jetstream.DeliverNewPolicy,
	})
	if err != nil {
		return err
	}
	cc, err := consumer.Consume(v.handle)
	if err != nil {
		return err
	}
	v.cache.Flush()
	v.running.Store(true)
	defer func() {
		v.running.Store(false)
		v.cache.Flush()
		cc.Stop()
	}()
	v.logger.Info("listening to key events; auth cache on")
	select {
	case <-ctx.Done():
		return nil
	case <-cc.Closed():
		return errSubscriptionEnded
	case <-v.lost:
		return errConnectionLost
	}
}

// handle evicts the key an event names. An event it cannot read could have
// named any key, so everything goes; so does a change to a person, whose
// keys the cache does not index (such changes are rare).
func (v *Invalidator) handle(msg jetstream.Msg) {
	if strings.HasPrefix(msg.Subject(), "user.") {
		v.cache.Flush()
		if f := v.onUserChange.Load(); f != nil {
			(*f)()
		}
		return
	}
	var event eventsv1.KeyEvent
	err := protojson.UnmarshalOptions{DiscardUnknown: true}.Unmarshal(msg.Data(), &event)
	if err != nil || event.GetKeyId() == "" {
		v.logger.Warn("unreadable key event; flushing the auth cache", "subject", msg.Subject(), "error", err)
		v.cache.Flush()
		return
	}
	v.cache.EvictKey(event.GetKeyId())
}
