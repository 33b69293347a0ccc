package natstest

import (
	"testing"

	"github.com/nats-io/nats-server/v2/server"

	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/secrets"
)

// Secret is the root secret of every server natstest starts: each
// service's key derives from it, as in production from
// VIDHOST_INTERNAL_SECRET. Give it to a service's Config, or use Settings.
const Secret = "natstest root secret: for tests only, never deployed"

var root = secrets.MustRoot(Secret)

// Harness is a user only natstest's servers know, with every right: tests
// create streams and publish fixtures as it. Code under test connects as
// its service instead (ConnectAs, JetStreamAs), with production's rights.
const Harness = "natstest-harness"

// Start runs a JetStream server for t that admits only the services of
// natsx's table (and Harness), and returns its client URL.
func Start(t testing.TB) (url string) {
	t.Helper()
	return StartServer(t, t.TempDir(), -1).ClientURL()
}

// StartServer runs an authenticated JetStream server on storeDir and port
// (-1: random) and shuts it down when t ends. Tests that restart a server
// on the same store and port use it; Shutdown may also be called earlier.
func StartServer(t testing.TB, storeDir string, port int) *server.Server {
	t.Helper()
	srv, err := natsx.StartEmbedded(storeDir, "127.0.0.1", port, users(t))
	if err != nil {
		t.Fatalf("natstest: %v", err)
	}
	t.Cleanup(func() {
		srv.Shutdown()
		srv.WaitForShutdown()
	})
	return srv
}

// users are the services' users plus Harness, which has no restrictions.
func users(t testing.TB) []*server.NkeyUser {
	t.Helper()
	all, err := natsx.ServerUsers(root)
	if err != nil {
		t.Fatalf("natstest: %v", err)
	}
	harness, err := natsx.ServiceKey(root, Harness)
	if err != nil {
		t.Fatalf("natstest: %v", err)
	}
	public, err := harness.PublicKey()
	if err != nil {
		t.Fatalf("natstest: %v", err)
	}
	return append(all, &server.NkeyUser{Nkey: public})
}
