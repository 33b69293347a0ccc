package telemetry

import (
	"context"
	"encoding/json"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/trace"
)

// tracerName names the spans this package starts.
const tracerName = "github.com/vidhost/vidhost/pkg/telemetry"

// headerCarrier reads and writes trace context in NATS headers, keeping
// the propagator's lower-case keys ("traceparent"), which is what other
// W3C-speaking consumers look for.
type headerCarrier nats.Header

func (c headerCarrier) Get(key string) string { return nats.Header(c).Get(key) }
func (c headerCarrier) Set(key, value string) { nats.Header(c).Set(key, value) }
func (c headerCarrier) Keys() []string {
	keys := make([]string, 0, len(c))
	for k := range c {
		keys = append(keys, k)
	}
	return keys
}

// InjectHeader writes ctx's trace context into h (no-op without a span).
func InjectHeader(ctx context.Context, h nats.Header) {
	Propagator.Inject(ctx, headerCarrier(h))
}

// NewMsg is a message for subject whose headers carry ctx's trace context:
// publish it with PublishMsg instead of Publish(subject, data).
func NewMsg(ctx context.Context, subject string, data []byte) *nats.Msg {
	msg := &nats.Msg{Subject: subject, Data: data, Header: nats.Header{}}
	InjectHeader(ctx, msg.Header)
	return msg
}

// StartConsumer starts the span of handling msg, a child of the trace its
// publisher's headers carry (a new trace without). End the span when the
// message is settled.
func StartConsumer(ctx context.Context, msg jetstream.Msg, operation string) (context.Context, trace.Span) {
	if h := msg.Headers(); h != nil {
		ctx = Propagator.Extract(ctx, headerCarrier(h))
	}
	attrs := []attribute.KeyValue{
		attribute.String("messaging.system", "nats"),
		attribute.String("messaging.destination.name", msg.Subject()),
		attribute.String("messaging.operation.type", "process"),
	}
	if meta, err := msg.Metadata(); err == nil {
		attrs = append(attrs, attribute.String("messaging.consumer.group.name", meta.Consumer),
			attribute.Int64("messaging.nats.delivered", int64(meta.NumDelivered))) //nolint:gosec // G115: delivery counts are small
	}
	return otel.Tracer(tracerName).Start(ctx, operation, trace.WithSpanKind(trace.SpanKindConsumer), trace.WithAttributes(attrs...))
}

// Serialize returns ctx's trace context as a small JSON object, for a row
// (the outbox) that a later publish reads back with Deserialize; "" without
// a span.
func Serialize(ctx context.Context) string {
	carrier := propagation.MapCarrier{}
	Propagator.Inject(ctx, carrier)
	if len(carrier) == 0 {
		return ""
	}
	data, err := json.Marshal(carrier)
	if err != nil {
		return ""
	}
	return string(data)
}

// Deserialize writes a trace context Serialize returned into h; an empty or
// unreadable one adds nothing (the message is published untraced, never lost).
func Deserialize(serialized string, h nats.Header) {
	if serialized == "" {
		return
	}
	var carrier map[string]string
	if json.Unmarshal([]byte(serialized), &carrier) != nil {
		return
	}
	for k, v := range carrier {
		h.Set(k, v)
	}
}
