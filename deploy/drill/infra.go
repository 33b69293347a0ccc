package drill

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/vidhost/vidhost/deploy/devstack/stack"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/pgserver"
	"github.com/vidhost/vidhost/pkg/secrets"
)

// startDatabase runs the one PostgreSQL with a role per service, as the
// devstack provisions it (stack.ProvisionDatabase).
func (c *Cluster) startDatabase(ctx context.Context, _ Topology) error {
	pg, err := pgserver.StartOwnerOnly(ctx, filepath.Join(c.dir, "pg"))
	if err != nil {
		return fmt.Errorf("start PostgreSQL: %w", err)
	}
	c.pg = pg
	c.dbURLs, err = stack.ProvisionDatabase(ctx, pg.URL(), c.secret)
	return err
}

// startNATS starts the servers, waits for a JetStream meta leader, then
// creates every stream with three replicas as the observer (the services
// would; doing it once first keeps their starts from racing the placement).
func (c *Cluster) startNATS(ctx context.Context, top Topology) error {
	nodes, err := natsNodes(top.NATSNodes)
	if err != nil {
		return err
	}
	c.natsNodes = nodes
	root := secrets.MustRoot(c.secret)
	for _, node := range nodes {
		dir := filepath.Join(c.dir, node.name)
		if err := os.MkdirAll(dir, 0o750); err != nil {
			return err
		}
		conf, err := writeNATSConfig(dir, node, nodes, root)
		if err != nil {
			return err
		}
		p := &process{name: node.name, bin: filepath.Join(c.bin, "nats-server"), args: []string{"-c", conf},
			logPath: c.logPath(node.name), readyURL: "http://" + node.http + "/healthz"}
		if err := p.start(); err != nil {
			return err
		}
		c.NATS = append(c.NATS, p)
	}
	for _, p := range c.NATS {
		if err := within(ctx, startTimeout, p.waitReady); err != nil {
			return err
		}
	}
	return c.connectObserver(ctx, top.NATSNodes)
}

func (c *Cluster) connectObserver(ctx context.Context, replicas int) error {
	nc, err := natsx.Connect(natsx.Client{URL: clientURLs(c.natsNodes), Service: observer, Secret: c.secret})
	if err != nil {
		return err
	}
	c.closeNC = nc.Close
	if c.observer, err = jetstream.New(nc); err != nil {
		return err
	}
	return within(ctx, startTimeout, func(ctx context.Context) error {
		for {
			err := natsx.EnsureStreams(ctx, c.observer, natsx.WithReplicas(natsx.AllStreams(), replicas)...)
			if err == nil {
				return nil
			}
			select {
			case <-ctx.Done():
				return fmt.Errorf("create the streams with %d replicas: %w", replicas, err)
			case <-time.After(200 * time.Millisecond):
			}
		}
	})
}
