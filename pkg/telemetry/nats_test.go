package telemetry

import (
	"context"
	"testing"

	"github.com/nats-io/nats.go"
	"github.com/stretchr/testify/assert"
	"go.opentelemetry.io/otel/trace"
)

func tracedContext(t *testing.T) (context.Context, trace.SpanContext) {
	t.Helper()
	traceID, _ := trace.TraceIDFromHex("4bf92f3577b34da6a3ce929d0e0e4736")
	spanID, _ := trace.SpanIDFromHex("00f067aa0ba902b7")
	sc := trace.NewSpanContext(trace.SpanContextConfig{TraceID: traceID, SpanID: spanID, TraceFlags: trace.FlagsSampled})
	return trace.ContextWithSpanContext(context.Background(), sc), sc
}

func TestHeadersCarryTheTrace(t *testing.T) {
	ctx, sc := tracedContext(t)
	msg := NewMsg(ctx, "transcode.jobs", []byte("{}"))
	assert.Equal(t, "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01", msg.Header.Get("traceparent"),
		"the W3C header, lower case as other consumers look for it")
	got := trace.SpanContextFromContext(Propagator.Extract(context.Background(), headerCarrier(msg.Header)))
	assert.Equal(t, sc.TraceID(), got.TraceID())
	assert.Equal(t, sc.SpanID(), got.SpanID())
	assert.True(t, got.IsRemote())
}

func TestOutboxRowCarriesTheTrace(t *testing.T) {
	ctx, sc := tracedContext(t)
	serialized := Serialize(ctx)
	assert.JSONEq(t, `{"traceparent":"00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"}`, serialized)
	h := nats.Header{}
	Deserialize(serialized, h)
	got := trace.SpanContextFromContext(Propagator.Extract(context.Background(), headerCarrier(h)))
	assert.Equal(t, sc.TraceID(), got.TraceID())

	assert.Empty(t, Serialize(context.Background()), "no span, nothing stored")
	untraced := nats.Header{}
	Deserialize("", untraced)
	Deserialize("not json", untraced)
	assert.Empty(t, untraced, "an unreadable context adds nothing; the message still goes")
}
