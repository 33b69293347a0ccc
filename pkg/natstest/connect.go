package natstest

import (
	"testing"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/vidhost/vidhost/pkg/natsx"
)

// Client is service's natsx.Client for a server natstest started at url.
func Client(url, service string) natsx.Client {
	return natsx.Client{URL: url, Service: service, Secret: Secret}
}

// Settings carry service's seed explicitly, for a Config whose internal
// secret is not Secret (VIDHOST_NATS_NKEY_SEED).
func Settings(t testing.TB, service string) natsx.Settings {
	t.Helper()
	kp, err := natsx.ServiceKey(root, service)
	if err != nil {
		t.Fatalf("natstest: %v", err)
	}
	seed, err := kp.Seed()
	if err != nil {
		t.Fatalf("natstest: seed: %v", err)
	}
	return natsx.Settings{NkeySeed: string(seed)}
}

// Connect connects to url as Harness and closes the connection when t ends.
func Connect(t testing.TB, url string) *nats.Conn {
	t.Helper()
	return ConnectAs(t, url, Harness)
}

// ConnectAs connects to url as service, with its production rights, and
// closes the connection when t ends.
func ConnectAs(t testing.TB, url, service string, opts ...nats.Option) *nats.Conn {
	t.Helper()
	nc, err := natsx.Connect(Client(url, service), opts...)
	if err != nil {
		t.Fatalf("natstest: %v", err)
	}
	t.Cleanup(nc.Close)
	return nc
}

// JetStream connects to url as Harness and returns a JetStream handle with
// every stream of natsx.AllStreams created.
func JetStream(t testing.TB, url string) jetstream.JetStream {
	t.Helper()
	return JetStreamAs(t, url, Harness)
}

// JetStreamAs returns a JetStream handle of service on url, once Harness
// has created every stream of natsx.AllStreams (services create only
// theirs, so the one under test finds the others').
func JetStreamAs(t testing.TB, url, service string) jetstream.JetStream {
	t.Helper()
	harness, err := jetstream.New(ConnectAs(t, url, Harness))
	if err != nil {
		t.Fatalf("natstest: jetstream: %v", err)
	}
	if err := natsx.EnsureStreams(t.Context(), harness); err != nil {
		t.Fatalf("natstest: %v", err)
	}
	if service == Harness {
		return harness
	}
	js, err := jetstream.New(ConnectAs(t, url, service))
	if err != nil {
		t.Fatalf("natstest: jetstream: %v", err)
	}
	return js
}
