package drill

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/vidhost/vidhost/deploy/devstack/stack"
	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/pgtest"
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
	pg     *pgtest.Cluster
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
	secret := make([]byte, 32)
	if _, err := rand.Read(secret); err != nil {
		return c, err
	}
	c.secret = hex.EncodeToString(secret)
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

// startDatabase runs the one PostgreSQL with a role per service, as the
// devstack provisions it (stack.ProvisionDatabase).
func (c *Cluster) startDatabase(ctx context.Context, _ Topology) error {
	pg, err := pgtest.StartOwnerOnly(ctx, filepath.Join(c.dir, "pg"))
	if err != nil {
		return fmt.Errorf("start PostgreSQL: %w", err)
	}
	c.pg = pg
	c.dbURLs, err = stack.ProvisionDatabase(ctx, pg.URL(), pg.Port(), c.secret)
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

// serviceAddrs are one replica's listen addresses.
type serviceAddrs struct{ grpc, admin, extra string }

// startServices starts identity's first replica (it bootstraps the
// owner), then every other replica and worker, then the gateways.
func (c *Cluster) startServices(ctx context.Context, top Topology) error {
	gatewayAddrs, err := freeAddrs(2 * top.Gateways)
	if err != nil {
		return err
	}
	for i := range top.Gateways {
		c.GatewayURLs = append(c.GatewayURLs, "http://"+gatewayAddrs[2*i])
		c.GatewayReady = append(c.GatewayReady, "http://"+gatewayAddrs[2*i+1]+"/readyz")
	}
	replicas, err := c.planReplicas(top)
	if err != nil {
		return err
	}
	first := c.Services["identity"][0]
	if err := start(ctx, first); err != nil {
		return err
	}
	if c.APIKey, err = c.waitBootstrap(ctx, first); err != nil {
		return err
	}
	if err := start(ctx, replicas[1:]...); err != nil {
		return err
	}
	for i := range top.Gateways {
		addrs := serviceAddrs{grpc: gatewayAddrs[2*i], admin: gatewayAddrs[2*i+1]}
		c.Services["gateway"] = append(c.Services["gateway"], c.newProcess("gateway", i, addrs))
	}
	return start(ctx, c.Services["gateway"]...)
}

// planReplicas makes the processes of the replicated services and workers,
// with their balancers, and returns them in start order.
func (c *Cluster) planReplicas(top Topology) ([]*process, error) {
	var all []*process
	var tus []string
	for _, service := range replicated {
		addrs, err := freeAddrs(3 * top.Replicas)
		if err != nil {
			return nil, err
		}
		var backends []string
		for i := range top.Replicas {
			a := serviceAddrs{grpc: addrs[3*i], admin: addrs[3*i+1], extra: addrs[3*i+2]}
			backends = append(backends, a.grpc)
			if service == "upload" {
				tus = append(tus, a.extra)
			}
			c.Services[service] = append(c.Services[service], c.newProcess(service, i, a))
		}
		if err := c.addBalancer(service, backends); err != nil {
			return nil, err
		}
		if service == "upload" {
			if err := c.addBalancer("upload-tus", tus); err != nil {
				return nil, err
			}
		}
		all = append(all, c.Services[service]...)
	}
	workers, err := freeAddrs(2 * top.Workers)
	if err != nil {
		return nil, err
	}
	for i := range top.Workers {
		a := serviceAddrs{grpc: workers[2*i], admin: workers[2*i+1], extra: filepath.Join(c.dir, "transcode-"+strconv.Itoa(i))}
		c.Services["transcode"] = append(c.Services["transcode"], c.newProcess("transcode", i, a))
	}
	return append(all, c.Services["transcode"]...), nil
}

func (c *Cluster) addBalancer(name string, backends []string) error {
	b, err := startBalancer(backends)
	if err != nil {
		return err
	}
	c.balancers[name] = b
	return nil
}

func (c *Cluster) newProcess(service string, i int, a serviceAddrs) *process {
	name := service + "-" + strconv.Itoa(i)
	return &process{name: name, bin: filepath.Join(c.bin, service), env: c.serviceEnv(service, a.grpc, a.admin, a.extra),
		logPath: c.logPath(name), readyURL: "http://" + a.admin + "/readyz"}
}

// start starts processes together and waits until each is ready.
func start(ctx context.Context, processes ...*process) error {
	for _, p := range processes {
		if err := p.start(); err != nil {
			return err
		}
	}
	for _, p := range processes {
		if err := within(ctx, startTimeout, p.waitReady); err != nil {
			return err
		}
	}
	return nil
}

func (c *Cluster) bootstrapFile() string { return filepath.Join(c.dir, "bootstrap.env") }

func (c *Cluster) logPath(name string) string { return filepath.Join(c.dir, "logs", name+".log") }

// waitBootstrap waits for identity's bootstrap file: /readyz answers once
// the dependencies are reachable, before the owner exists.
func (c *Cluster) waitBootstrap(ctx context.Context, identity *process) (string, error) {
	deadline := time.Now().Add(startTimeout)
	for {
		key, err := c.readBootstrap()
		if err == nil || time.Now().After(deadline) {
			return key, err
		}
		if err := identity.failure(); err != nil {
			return "", err
		}
		select {
		case <-ctx.Done():
			return "", ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// readBootstrap reads the owner's API key identity wrote at first start.
func (c *Cluster) readBootstrap() (string, error) {
	f, err := os.Open(c.bootstrapFile())
	if err != nil {
		return "", fmt.Errorf("identity's bootstrap file: %w", err)
	}
	defer f.Close()
	scanner := bufio.NewScanner(f)
	for scanner.Scan() {
		if key, ok := strings.CutPrefix(scanner.Text(), "VIDHOST_API_KEY="); ok {
			return key, nil
		}
	}
	return "", fmt.Errorf("no VIDHOST_API_KEY in %s", c.bootstrapFile())
}

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
