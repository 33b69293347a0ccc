package e2e

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.opentelemetry.io/otel"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"go.opentelemetry.io/otel/trace"
)

// TestTraceOfAnUploadToReady follows one video from the request that makes
// it out of an upload to ready in one trace: the gateway's HTTP span, the
// catalog's CreateVideo and the upload service's ResolveUpload (gRPC
// metadata), the transcode job (NATS headers, through the catalog's
// outbox) and the catalog applying the worker's report (NATS headers
// again). Spans are kept in memory (tracetest.SpanRecorder) by a tracer
// provider installed globally, as pkg/telemetry installs the OTLP one: the
// devstack runs every service in this process. About 15 s on two cores.
func TestTraceOfAnUploadToReady(t *testing.T) {
	recorder := tracetest.NewSpanRecorder()
	provider := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(recorder))
	otel.SetTracerProvider(provider)
	t.Cleanup(func() { _ = provider.Shutdown(context.Background()) })
	clip := makeClip(t, 640, 360, 2)

	var videoID string
	withSuite(t, newSuite(t, 1), "local", func() {
		data, err := os.ReadFile(clip)
		require.NoError(t, err)
		ref, _ := uploadForVideo(t, "traced.mp4", data)
		videoID = createVideo(t, map[string]any{"name": "Traced", "input": ref}).ID
		waitReady(t, videoID)
	})

	create := lastSpan(t, recorder, func(s sdktrace.ReadOnlySpan) bool {
		return s.Name() == "POST /v2/videos" && s.SpanKind() == trace.SpanKindServer
	})
	traceID := create.SpanContext().TraceID()
	want := []struct{ service, span string }{
		{"catalog", "vidhost.catalog.v1.CatalogService/CreateVideo"},
		{"upload", "vidhost.upload.v1.UploadService/ResolveUpload"},
		{"transcode", "transcode job"},
		{"catalog", "media report"},
	}
	// The catalog ends its report span just after the video turns ready.
	require.Eventually(t, func() bool {
		names := spanNames(recorder, traceID)
		for _, w := range want {
			if !names[w.span] {
				return false
			}
		}
		return true
	}, 10*time.Second, 50*time.Millisecond, "trace %s of video %s has %v; want %v", traceID, videoID, spanNames(recorder, traceID), want)

	for _, s := range recorder.Ended() {
		if s.SpanContext().TraceID() != traceID {
			continue
		}
		assert.True(t, s.Parent().IsValid() || s.SpanContext().SpanID() == create.SpanContext().SpanID(),
			"%s: every span but the gateway's has a parent in the trace", s.Name())
	}
	assert.Equal(t, "/v2/videos", attribute(create, "http.route"), "the span names the route template")
}

// lastSpan is the last ended span that match accepts.
func lastSpan(t *testing.T, recorder *tracetest.SpanRecorder, match func(sdktrace.ReadOnlySpan) bool) sdktrace.ReadOnlySpan {
	t.Helper()
	spans := recorder.Ended()
	for i := len(spans) - 1; i >= 0; i-- {
		if match(spans[i]) {
			return spans[i]
		}
	}
	t.Fatalf("no matching span among %d", len(spans))
	return nil
}

// spanNames are the names of the ended spans of one trace.
func spanNames(recorder *tracetest.SpanRecorder, traceID trace.TraceID) map[string]bool {
	names := map[string]bool{}
	for _, s := range recorder.Ended() {
		if s.SpanContext().TraceID() == traceID {
			names[strings.TrimPrefix(s.Name(), "/")] = true
		}
	}
	return names
}

func attribute(s sdktrace.ReadOnlySpan, key string) string {
	for _, kv := range s.Attributes() {
		if string(kv.Key) == key {
			return kv.Value.AsString()
		}
	}
	return ""
}
