package app_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.opentelemetry.io/otel"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"go.opentelemetry.io/otel/trace"

	"github.com/vidhost/vidhost/pkg/telemetry"
)

// TestClientTraceIsLinkedNotContinued: the gateway is a public endpoint. A
// client's traceparent does not make the request part of the client's
// trace (nor force it sampled); it is recorded as a link. The request's own
// trace continues into the backend over gRPC, on both sides of the call.
func TestClientTraceIsLinkedNotContinued(t *testing.T) {
	recorder := tracetest.NewSpanRecorder()
	provider := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(recorder))
	otel.SetTracerProvider(provider)
	telemetry.Propagate()
	t.Cleanup(func() { _ = provider.Shutdown(context.Background()) })
	b := setup(t)

	const clientTrace = "4bf92f3577b34da6a3ce929d0e0e4736"
	resp, _ := b.do(t, call{method: "POST", path: "/v2/players", key: keyReadWrite, body: `{"name":"traced"}`,
		header: map[string]string{"traceparent": "00-" + clientTrace + "-00f067aa0ba902b7-01"}})
	require.Equal(t, http.StatusOK, resp.StatusCode)

	byName := map[string]sdktrace.ReadOnlySpan{}
	for _, s := range recorder.Ended() {
		byName[s.Name()] = s
	}
	edge, ok := byName["POST /v2/players"]
	require.True(t, ok, "spans: %v", byName)
	assert.Equal(t, trace.SpanKindServer, edge.SpanKind())
	assert.NotEqual(t, clientTrace, edge.SpanContext().TraceID().String(), "a new trace, not the client's")
	require.Len(t, edge.Links(), 1)
	assert.Equal(t, clientTrace, edge.Links()[0].SpanContext.TraceID().String(), "the client's trace is linked")
	for _, kind := range []trace.SpanKind{trace.SpanKindClient, trace.SpanKindServer} {
		found := false
		for _, s := range recorder.Ended() {
			if s.Name() == "vidhost.catalog.v1.CatalogService/CreatePlayer" && s.SpanKind() == kind {
				found = true
				assert.Equal(t, edge.SpanContext().TraceID(), s.SpanContext().TraceID(), "the gRPC %s span is in the request's trace", kind)
			}
		}
		assert.True(t, found, "a gRPC %s span", kind)
	}
}
