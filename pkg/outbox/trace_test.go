package outbox_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.opentelemetry.io/otel/trace"

	"github.com/vidhost/vidhost/pkg/natstest"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/outbox"
)

// TestMessageContinuesTheCommittersTrace: the relay publishes long after
// the call that committed the row has returned, yet the message carries
// that call's trace, so its consumer's span joins the call's trace.
func TestMessageContinuesTheCommittersTrace(t *testing.T) {
	f := setup(t, natstest.Start(t))
	traceID, _ := trace.TraceIDFromHex("4bf92f3577b34da6a3ce929d0e0e4736")
	spanID, _ := trace.SpanIDFromHex("00f067aa0ba902b7")
	traced := trace.ContextWithSpanContext(t.Context(),
		trace.NewSpanContext(trace.SpanContextConfig{TraceID: traceID, SpanID: spanID, TraceFlags: trace.FlagsSampled}))

	tx, err := f.pool.Begin(traced)
	require.NoError(t, err)
	require.NoError(t, outbox.Enqueue(traced, tx, outbox.Message{ID: "traced", Subject: natsx.SubjectVideoCreated}))
	require.NoError(t, tx.Commit(traced))
	f.enqueue(t, true, outbox.Message{ID: "untraced", Subject: natsx.SubjectVideoCreated})
	require.NoError(t, f.relay.Flush(context.Background())) // a context without the trace

	got := f.receive(t, 2)
	assert.Equal(t, "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01", got[0].Headers().Get("traceparent"))
	assert.Empty(t, got[1].Headers().Get("traceparent"), "a row committed outside a trace starts none")
	assert.Equal(t, "untraced", got[1].Headers().Get("Nats-Msg-Id"))
}
