// Package telemetry sets up OpenTelemetry tracing for a Vidhost process and
// carries trace context where the libraries do not: through NATS message
// headers (InjectHeader on publish, StartConsumer on delivery) and through
// the outbox, whose rows keep the traceparent of the transaction that
// wrote them. HTTP (otelhttp, at the gateway) and gRPC (otelgrpc, in
// pkg/grpcx) propagate by themselves once the global propagator is set.
package telemetry
