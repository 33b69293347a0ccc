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
// the server's ClientURL). The caller owns storeDir and must Shutdown the
// server. Signal handling is left to the embedding program.
func StartEmbedded(storeDir, host string, port int) (*server.Server, error) {
	opts := &server.Options{
		Host:      host,
		Port:      port,
		JetStream: true,
		StoreDir:  storeDir,
		NoSigs:    true,
		NoLog:     true,
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
