package pgserver

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"
)

// readyTimeout bounds how long a fresh server may take to accept connections.
const readyTimeout = 20 * time.Second

// logName is the server's log, inside the data directory; it is truncated
// at every start so errors show only the current run.
const logName = "vidhost-postgres.log"

var errPortInUse = errors.New("pgserver: port already in use")

// launch starts postgres on an initialised dataDir and waits until it accepts
// connections.
func launch(ctx context.Context, bin string, acct account, dataDir string, port int, ownerOnly bool) (*Cluster, error) {
	logPath := filepath.Join(dataDir, logName)
	logFile, err := os.Create(logPath)
	if err != nil {
		return nil, fmt.Errorf("pgserver: server log: %w", err)
	}
	defer logFile.Close() // the child keeps its own descriptor
	cmd := acct.command(filepath.Join(bin, "postgres"), serverArgs(dataDir, port, ownerOnly)...)
	cmd.Stdout, cmd.Stderr = logFile, logFile
	// Dies with us instead of outliving a killed test binary, and has its own
	// process group so a terminal's Ctrl-C reaches us first and we stop it in
	// order.
	cmd.SysProcAttr.Pdeathsig = syscall.SIGTERM
	cmd.SysProcAttr.Setpgid = true
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("pgserver: start postgres: %w", err)
	}
	c := &Cluster{dataDir: dataDir, port: port, logPath: logPath, cmd: cmd, exited: make(chan struct{}), ownerOnly: ownerOnly}
	go func() {
		c.waitErr = cmd.Wait()
		close(c.exited)
	}()
	if err := c.waitReady(ctx); err != nil {
		_ = c.Stop()
		return nil, err
	}
	return c, nil
}

// SharedBuffersEnv names the environment variable that sets the clusters'
// shared_buffers (a PostgreSQL size: "1GB"); unset, PostgreSQL's default
// of 128 MB, plenty for tests. bench/analytics sets it: at millions of
// events its indexes outgrow 128 MB, and a production server would be
// given a quarter of its memory.
const SharedBuffersEnv = "VIDHOST_PG_SHARED_BUFFERS"

func serverArgs(dataDir string, port int, ownerOnly bool) []string {
	args := []string{
		"-D", dataDir,
		"-k", socketDir(dataDir),
		"-p", strconv.Itoa(port),
		"-c", "listen_addresses=127.0.0.1",
		// Tests and the devstack trade crash safety for speed.
		"-c", "fsync=off",
		"-c", "synchronous_commit=off",
		"-c", "full_page_writes=off",
		// Many packages' tests run in parallel, each with pools.
		"-c", "max_connections=200",
	}
	if size := os.Getenv(SharedBuffersEnv); size != "" {
		args = append(args, "-c", "shared_buffers="+size)
	}
	if ownerOnly {
		// The socket file itself, not only its directory, is the owner's.
		args = append(args, "-c", "unix_socket_permissions=0700")
	}
	return args
}

// socketDir puts the Unix socket beside the data (handy for psql -h dir)
// unless the path would exceed the kernel's ~107-byte limit, in which case
// the server listens on TCP only.
func socketDir(dataDir string) string {
	if len(dataDir)+len("/.s.PGSQL.65535.lock") > 100 {
		return ""
	}
	return dataDir
}

// waitReady polls until the server accepts a connection, the process exits,
// or readyTimeout passes.
func (c *Cluster) waitReady(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, readyTimeout)
	defer cancel()
	for {
		select {
		case <-c.exited:
			if strings.Contains(c.logTail(), "already in use") {
				return fmt.Errorf("%w: %d", errPortInUse, c.port)
			}
			return fmt.Errorf("pgserver: postgres exited at start: %w\n%s", c.waitErr, c.logTail())
		case <-ctx.Done():
			return fmt.Errorf("pgserver: postgres not ready after %s: %w\n%s", readyTimeout, ctx.Err(), c.logTail())
		case <-time.After(20 * time.Millisecond):
		}
		if c.accepts(ctx) {
			return nil
		}
	}
}

func (c *Cluster) accepts(ctx context.Context) bool {
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, c.URL())
	if err != nil {
		return false
	}
	defer conn.Close(context.Background())
	return conn.Ping(ctx) == nil
}

// logTail returns the end of the server log for error messages.
func (c *Cluster) logTail() string {
	const max = 4096
	data, err := os.ReadFile(c.logPath)
	if err != nil {
		return "(no server log: " + err.Error() + ")"
	}
	if len(data) > max {
		data = data[len(data)-max:]
	}
	return string(data)
}
