package telemetry

import (
	"context"
	"fmt"
	"os"

	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracegrpc"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/sdk/resource"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	semconv "go.opentelemetry.io/otel/semconv/v1.43.0"

	"github.com/vidhost/vidhost/pkg/buildinfo"
)

// Propagator is W3C trace context plus baggage, the one format spoken on
// HTTP, gRPC metadata and NATS headers.
var Propagator = propagation.NewCompositeTextMapPropagator(propagation.TraceContext{}, propagation.Baggage{})

// Setup installs the global propagator and, when
// OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is
// set, a tracer provider exporting over OTLP/gRPC; the exporter reads the
// other standard OTEL_EXPORTER_OTLP_* variables itself. Without an
// endpoint no spans are exported (the global provider stays a no-op, so
// instrumentation costs next to nothing) but trace context is still passed
// on, so a traced caller's trace continues through this process. shutdown
// flushes the spans still buffered.
func Setup(ctx context.Context, service string) (shutdown func(context.Context) error, err error) {
	Propagate()
	if os.Getenv("OTEL_EXPORTER_OTLP_ENDPOINT") == "" && os.Getenv("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT") == "" {
		return func(context.Context) error { return nil }, nil
	}
	exporter, err := otlptracegrpc.New(ctx)
	if err != nil {
		return nil, fmt.Errorf("telemetry: OTLP exporter: %w", err)
	}
	provider := sdktrace.NewTracerProvider(sdktrace.WithBatcher(exporter), sdktrace.WithResource(Resource(service)))
	otel.SetTracerProvider(provider)
	return provider.Shutdown, nil
}

// Resource names the process in exported spans.
func Resource(service string) *resource.Resource {
	return resource.NewWithAttributes(semconv.SchemaURL,
		semconv.ServiceName("vidhost-"+service),
		semconv.ServiceVersion(buildinfo.Version()),
	)
}

// Propagate installs Propagator as the global one, which otelhttp,
// otelgrpc and this package's NATS helpers use. Setup does it; a process
// that runs services in-process without Setup (the devstack's tests) calls
// it so their traces still join up.
func Propagate() { otel.SetTextMapPropagator(Propagator) }
