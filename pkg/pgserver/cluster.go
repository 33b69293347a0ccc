package pgserver

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"syscall"
	"time"

	"github.com/vidhost/vidhost/pkg/freeport"
)

// Cluster is a PostgreSQL server process running on a data directory.
type Cluster struct {
	dataDir string
	port    int
	logPath string
	cmd     *exec.Cmd
	// ownerOnly clusters take the superuser through the Unix socket only.
	ownerOnly bool
	exited    chan struct{} // closed when the process has been waited for
	waitErr   error         // valid once exited is closed

	stopOnce sync.Once
	stopErr  error
}

// startAttempts bounds retries when the free port we picked is taken by
// someone else before postgres binds it.
const startAttempts = 5

// StartCluster starts PostgreSQL on dataDir, initialising it first if it is
// empty or missing and reusing it (with its data) if it is already a data
// directory. It listens on 127.0.0.1 on a free port; see URL. The process is
// tied to ours: it gets SIGTERM if we die, and Stop shuts it down cleanly.
// Durability is traded for speed (fsync off): fine for tests and a devstack.
func StartCluster(ctx context.Context, dataDir string) (*Cluster, error) {
	return StartClusterOnPort(ctx, dataDir, 0)
}

// StartClusterOnPort is StartCluster on a fixed port; port 0 picks a free one.
func StartClusterOnPort(ctx context.Context, dataDir string, port int) (*Cluster, error) {
	return startCluster(ctx, dataDir, port, false)
}

func startCluster(ctx context.Context, dataDir string, port int, ownerOnly bool) (*Cluster, error) {
	bin, err := binDir()
	if err != nil {
		return nil, err
	}
	acct, err := serverAccount()
	if err != nil {
		return nil, err
	}
	if dataDir, err = filepath.Abs(dataDir); err != nil {
		return nil, fmt.Errorf("pgserver: data dir: %w", err)
	}
	if err := prepareDataDir(bin, acct, dataDir); err != nil {
		return nil, err
	}
	if ownerOnly {
		if err := writeOwnerOnlyHBA(acct, dataDir); err != nil {
			return nil, err
		}
	}
	for attempt := 1; ; attempt++ {
		listenPort := port
		if listenPort == 0 {
			if listenPort, err = freeport.Port(); err != nil {
				return nil, err
			}
		}
		cluster, err := launch(ctx, bin, acct, dataDir, listenPort, ownerOnly)
		if err == nil || port != 0 || !errors.Is(err, errPortInUse) || attempt == startAttempts {
			return cluster, err
		}
	}
}

// prepareDataDir makes dataDir a data directory owned by acct, from the
// cached template when it is new.
func prepareDataDir(bin string, acct account, dataDir string) error {
	if isInitialised(dataDir) {
		return acct.chownTree(dataDir)
	}
	if err := os.MkdirAll(dataDir, 0o700); err != nil {
		return fmt.Errorf("pgserver: data dir: %w", err)
	}
	if empty, err := isEmptyDir(dataDir); err != nil || !empty {
		return fmt.Errorf("pgserver: data dir %s is neither empty nor a PostgreSQL data directory (err: %w)", dataDir, err)
	}
	template, err := templateDir(bin, acct)
	if err != nil {
		return err
	}
	if err := copyTemplate(template, dataDir); err != nil {
		return err
	}
	// PostgreSQL refuses a data directory others can read.
	if err := os.Chmod(dataDir, 0o700); err != nil {
		return fmt.Errorf("pgserver: data dir: %w", err)
	}
	return acct.chownTree(dataDir)
}

// URL is a connection URL for the superuser on the postgres database: over
// the Unix socket for an owner-only cluster, over TCP otherwise.
func (c *Cluster) URL() string {
	if c.ownerOnly {
		return "postgres://postgres@/postgres?host=" + url.QueryEscape(socketDir(c.dataDir)) +
			"&port=" + strconv.Itoa(c.port) + "&sslmode=disable"
	}
	return "postgres://postgres@127.0.0.1:" + strconv.Itoa(c.port) + "/postgres?sslmode=disable"
}

// Port is the TCP port the server listens on.
func (c *Cluster) Port() int { return c.port }

// DataDir is the cluster's data directory.
func (c *Cluster) DataDir() string { return c.dataDir }

// Stop shuts the server down (fast shutdown: open sessions are ended) and
// waits for it to exit. It keeps the data directory. Calling it again is a
// no-op that returns the first result.
func (c *Cluster) Stop() error {
	c.stopOnce.Do(func() { c.stopErr = c.stop() })
	return c.stopErr
}

func (c *Cluster) stop() error {
	select {
	case <-c.exited:
		return fmt.Errorf("pgserver: postgres had already exited: %w\n%s", c.waitErr, c.logTail())
	default:
	}
	_ = c.cmd.Process.Signal(syscall.SIGINT)
	select {
	case <-c.exited:
	case <-time.After(30 * time.Second):
		_ = c.cmd.Process.Kill()
		<-c.exited
		return fmt.Errorf("pgserver: postgres did not stop within 30s and was killed\n%s", c.logTail())
	}
	if c.waitErr != nil {
		return fmt.Errorf("pgserver: postgres exited: %w\n%s", c.waitErr, c.logTail())
	}
	return nil
}
