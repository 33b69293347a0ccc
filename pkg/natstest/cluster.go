package natstest

import (
	"fmt"
	"net/url"
	"path/filepath"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"

	"github.com/vidhost/vidhost/pkg/freeport"
)

// clusterFormTimeout bounds how long StartCluster waits for the servers to
// elect a JetStream meta leader; it is a deadline for a failure message,
// not a pause: a healthy cluster elects in about a second.
const clusterFormTimeout = 30 * time.Second

// StartCluster runs n authenticated JetStream servers in this process,
// routed into one cluster, and returns their client URLs once JetStream's
// meta leader sees all n servers with their stats and every server is
// current, so streams with up to n replicas can be placed at once.
// They shut down when t ends.
func StartCluster(t testing.TB, n int) (urls []string) {
	t.Helper()
	routePorts := freePorts(t, n)
	var routes []*url.URL
	for _, port := range routePorts {
		routes = append(routes, &url.URL{Scheme: "nats", Host: fmt.Sprintf("127.0.0.1:%d", port)})
	}
	servers := make([]*server.Server, n)
	for i := range n {
		opts := &server.Options{
			ServerName: fmt.Sprintf("natstest-%d", i),
			Host:       "127.0.0.1",
			Port:       -1,
			JetStream:  true,
			StoreDir:   filepath.Join(t.TempDir(), "js"),
			NoSigs:     true,
			NoLog:      true,
			Nkeys:      users(t),
			Cluster:    server.ClusterOpts{Name: "natstest", Host: "127.0.0.1", Port: routePorts[i]},
			Routes:     routes,
		}
		srv, err := server.NewServer(opts)
		if err != nil {
			t.Fatalf("natstest: cluster server %d: %v", i, err)
		}
		go srv.Start()
		t.Cleanup(func() { srv.Shutdown(); srv.WaitForShutdown() })
		servers[i] = srv
	}
	for i, srv := range servers {
		if !srv.ReadyForConnections(clusterFormTimeout) {
			t.Fatalf("natstest: cluster server %d not ready", i)
		}
		urls = append(urls, srv.ClientURL())
	}
	waitForJetStreamCluster(t, servers)
	return urls
}

func waitForJetStreamCluster(t testing.TB, servers []*server.Server) {
	t.Helper()
	deadline := time.Now().Add(clusterFormTimeout)
	for time.Now().Before(deadline) {
		if jetStreamClusterFormed(servers) {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("natstest: the JetStream cluster of %d servers did not form in %s", len(servers), clusterFormTimeout)
}

// jetStreamClusterFormed: a leader that knows every peer (placement needs
// their stats) and no server still catching up on the meta log.
func jetStreamClusterFormed(servers []*server.Server) bool {
	leaderSeesAll := false
	for _, srv := range servers {
		if !srv.JetStreamIsCurrent() {
			return false
		}
		if srv.JetStreamIsLeader() && len(srv.JetStreamClusterPeers()) == len(servers) {
			leaderSeesAll = true
		}
	}
	return leaderSeesAll
}

// freePorts finds n ports nobody listens on. The servers listen on them a
// moment later; another process taking one meanwhile fails the test loudly.
func freePorts(t testing.TB, n int) []int {
	t.Helper()
	ports, err := freeport.Ports(n)
	if err != nil {
		t.Fatalf("natstest: free ports: %v", err)
	}
	return ports
}
