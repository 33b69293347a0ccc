package natstest

import (
	"testing"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/vidhost/vidhost/pkg/natsx"
)

// Start runs a JetStream server for t and returns its client URL.
func Start(t testing.TB) (url string) {
	t.Helper()
	return StartServer(t, t.TempDir(), -1).ClientURL()
}

// StartServer runs a JetStream server on storeDir and port (-1: random) and
// shuts it down when t ends. Tests that restart a server on the same store
// and port use it; Shutdown may also be called earlier.
func StartServer(t testing.TB, storeDir string, port int) *server.Server {
	t.Helper()
	srv, err := natsx.StartEmbedded(storeDir, "127.0.0.1", port)
	if err != nil {
		t.Fatalf("natstest: %v", err)
	}
	t.Cleanup(func() {
		srv.Shutdown()
		srv.WaitForShutdown()
	})
	return srv
}

// Connect connects to url with natsx.Connect and closes the connection when
// t ends.
func Connect(t testing.TB, url string) *nats.Conn {
	t.Helper()
	nc, err := natsx.Connect(url, t.Name())
	if err != nil {
		t.Fatalf("natstest: %v", err)
	}
	t.Cleanup(nc.Close)
	return nc
}

// JetStream connects to url and returns a JetStream handle with every
// stream of natsx.AllStreams created.
func JetStream(t testing.TB, url string) jetstream.JetStream {
	t.Helper()
	js, err := jetstream.New(Connect(t, url))
	if err != nil {
		t.Fatalf("natstest: jetstream: %v", err)
	}
	if err := natsx.EnsureStreams(t.Context(), js); err != nil {
		t.Fatalf("natstest: %v", err)
	}
	return js
}
