package drill

import (
	"context"
	"encoding/hex"
	"os"
	"path/filepath"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/pgserver"
	"github.com/vidhost/vidhost/pkg/secrets"
)

// startTimeout bounds one part's start; generous, since the drill shares
// the machine's CPUs with everything else.
const startTimeout = 2 * time.Minute

// Cluster is the running cluster: every part a process the drill can kill
// and start again.
type Cluster struct {
	dir    string
	bin    string
	secret string
	s3     blob.Config
	pg     *pgserver.Cluster
	dbURLs map[string]string

	natsNodes []natsNode
	// NATS are the servers; Services maps "catalog", "gateway",
	// "transcode"… to their replicas.
	NATS      []*process
	Services  map[string][]*process
	balancers map[string]*balancer
	// GatewayURLs are the gateways' base URLs; GatewayReady their /readyz.
	GatewayURLs  []string
	GatewayReady []string
	// APIKey is the owner account's key, from identity's bootstrap file.
	APIKey string

	observer jetstream.JetStream
	closeNC  func()
}

// Options are what StartCluster needs besides the topology.
type Options struct {
	// Dir holds logs, stores and the bootstrap file; it must be traversable
	// by the postgres user.
	Dir string
	// BinDir holds the binaries buildBinaries made.
	BinDir string
	// S3 is the running S3 server (blobtest.StartVersityGW).
	S3 blob.Config
}

// StartCluster starts every part and returns once every gateway is ready.
// Stop it with Stop, also after an error.
func StartCluster(ctx context.Context, top Topology, opts Options) (*Cluster, error) {
	c := &Cluster{dir: opts.Dir, bin: opts.BinDir, s3: opts.S3, Services: map[string][]*process{}, balancers: map[string]*balancer{}}
	c.secret = hex.EncodeToString(secrets.Bytes(32))
	if err := os.MkdirAll(filepath.Join(c.dir, "logs"), 0o750); err != nil {
		return c, err
	}
	steps := []func(context.Context, Topology) error{c.startDatabase, c.startNATS, c.startServices}
	for _, step := range steps {
		if err := step(ctx, top); err != nil {
			return c, err
		}
	}
	return c, nil
}

func (c *Cluster) logPath(name string) string { return filepath.Join(c.dir, "logs", name+".log") }

// Crashed lists the processes that exited without being killed.
func (c *Cluster) Crashed() []error {
	var errs []error
	for _, p := range c.all() {
		if err := p.failure(); err != nil {
			errs = append(errs, err)
		}
	}
	return errs
}

func (c *Cluster) all() []*process {
	all := append([]*process(nil), c.NATS...)
	for _, name := range append(append([]string{}, replicated...), "transcode", "gateway") {
		all = append(all, c.Services[name]...)
	}
	return all
}

// Stop ends everything: gateways first, then services, NATS, PostgreSQL.
func (c *Cluster) Stop() {
	all := c.all()
	for i := len(all) - 1; i >= 0; i-- {
		all[i].stop()
	}
	if c.closeNC != nil {
		c.closeNC()
	}
	for _, b := range c.balancers {
		b.close()
	}
	if c.pg != nil {
		_ = c.pg.Stop()
	}
}

// within runs fn with a deadline of d under ctx.
func within(ctx context.Context, d time.Duration, fn func(context.Context) error) error {
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	return fn(ctx)
}
