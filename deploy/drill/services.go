package drill

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

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

func (c *Cluster) bootstrapFile() string { return filepath.Join(c.dir, "bootstrap.env") }
