package natsx

import (
	"fmt"
	"time"

	"github.com/nats-io/nats-server/v2/server"
)

// readyTimeout bounds how long an embedded server may take to listen.
const readyTimeout = 10 * time.Second

// StartEmbedded starts an in-process NATS server with JetStream storing in
// storeDir, listening on host:port (port -1 picks a random free port; see
// the server's ClientURL), that admits only users (ServerUsers), each with
// its permissions. The caller owns storeDir and must Shutdown the server.
// Signal handling is left to the embedding program.
//
// No users means no authentication at all: allowed on loopback only, for
// tests of this package's internals.
func StartEmbedded(storeDir, host string, port int, users []*server.NkeyUser) (*server.Server, error) {
	if len(users) == 0 && !isLoopback(host) {
		return nil, fmt.Errorf("natsx: a server on %s needs users", host)
	}
	opts := &server.Options{
		Host:      host,
		Port:      port,
		JetStream: true,
		StoreDir:  storeDir,
		NoSigs:    true,
		NoLog:     true,
		Nkeys:     users,
	}
	srv, err := server.NewServer(opts)
	if err != nil {
		return nil, fmt.Errorf("natsx: new server: %w", err)
	}
	go srv.Start()
	if !srv.ReadyForConnections(readyTimeout) {
		srv.Shutdown()
		return nil, fmt.Errorf("natsx: server on %s:%d not ready after %s", host, port, readyTimeout)
	}
	if !srv.JetStreamEnabled() {
		srv.Shutdown()
		return nil, fmt.Errorf("natsx: JetStream did not start (store dir %s)", storeDir)
	}
	return srv, nil
}
