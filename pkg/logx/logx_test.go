package logx

import (
	"bytes"
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"go.opentelemetry.io/otel/trace"
)

func TestLogsCarryTraceIDs(t *testing.T) {
	var out bytes.Buffer
	logger := New(&out, "sample", "info", "json")
	traceID, _ := trace.TraceIDFromHex("4bf92f3577b34da6a3ce929d0e0e4736")
	spanID, _ := trace.SpanIDFromHex("00f067aa0ba902b7")
	ctx := trace.ContextWithSpanContext(context.Background(),
		trace.NewSpanContext(trace.SpanContextConfig{TraceID: traceID, SpanID: spanID, TraceFlags: trace.FlagsSampled}))
	logger.InfoContext(WithRequestID(ctx, "req-1"), "hello")
	assert.Contains(t, out.String(), `"trace_id":"4bf92f3577b34da6a3ce929d0e0e4736"`)
	assert.Contains(t, out.String(), `"span_id":"00f067aa0ba902b7"`)
	assert.Contains(t, out.String(), `"request_id":"req-1"`)

	out.Reset()
	logger.InfoContext(context.Background(), "untraced")
	assert.NotContains(t, out.String(), "trace_id")
}
