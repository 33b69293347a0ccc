package drill

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/nats-io/nats-server/v2/server"

	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/secrets"
)

// observer is the drill's own NATS user: it reads the streams and their
// consumers' state to check what the services did, with every right (the
// services keep theirs from pkg/natsx).
const observer = "drill-observer"

// natsNode is one server of the cluster: its client, route and monitoring
// addresses stay the same across restarts, its store on disk too, as a
// StatefulSet's pod keeps its volume.
type natsNode struct {
	name                string
	client, route, http string
}

// natsNodes chooses the addresses of n servers.
func natsNodes(n int) ([]natsNode, error) {
	addrs, err := freeAddrs(3 * n)
	if err != nil {
		return nil, err
	}
	nodes := make([]natsNode, n)
	for i := range nodes {
		nodes[i] = natsNode{name: "nats-" + strconv.Itoa(i), client: addrs[3*i], route: addrs[3*i+1], http: addrs[3*i+2]}
	}
	return nodes, nil
}

// clientURLs is VIDHOST_NATS_URL for the services: every server, so a
// client reconnects to another when its own dies.
func clientURLs(nodes []natsNode) string {
	urls := make([]string, len(nodes))
	for i, n := range nodes {
		urls[i] = "nats://" + n.client
	}
	return strings.Join(urls, ",")
}

// natsUsers are the services' users (keys from root) plus the observer.
func natsUsers(root secrets.Root) ([]*server.NkeyUser, error) {
	users, err := natsx.ServerUsers(root)
	if err != nil {
		return nil, err
	}
	kp, err := natsx.ServiceKey(root, observer)
	if err != nil {
		return nil, err
	}
	public, err := kp.PublicKey()
	if err != nil {
		return nil, err
	}
	all := &server.SubjectPermission{Allow: []string{">"}}
	return append(users, &server.NkeyUser{Nkey: public, Permissions: &server.Permissions{Publish: all, Subscribe: all}}), nil
}

// writeNATSConfig writes node's configuration file under dir and returns
// its path: JetStream with its store in dir, routes to every node, and
// the authorization block nats-config prints for an operator.
func writeNATSConfig(dir string, node natsNode, nodes []natsNode, root secrets.Root) (string, error) {
	users, err := natsUsers(root)
	if err != nil {
		return "", err
	}
	auth, err := natsx.ServerConfig(users)
	if err != nil {
		return "", err
	}
	routes := make([]string, len(nodes))
	for i, n := range nodes {
		routes[i] = strconv.Quote("nats-route://" + n.route)
	}
	conf := fmt.Sprintf(`server_name: %q
listen: %q
http: %q
jetstream {
  store_dir: %q
  max_memory_store: 256MB
  max_file_store: 2GB
}
cluster {
  name: "drill"
  listen: %q
  routes: [%s]
}
%s`, node.name, node.client, node.http, filepath.Join(dir, "js"), node.route, strings.Join(routes, ", "), auth)
	path := filepath.Join(dir, "nats.conf")
	return path, os.WriteFile(path, []byte(conf), 0o600)
}
