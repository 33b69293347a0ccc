package drill

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"sync"
	"syscall"
	"time"
)

// process is one OS process of the cluster: a binary, its environment and
// the URL that answers 200 once it is ready. It runs in its own process
// group, so a kill takes its children too (ffmpeg under a worker), as the
// end of a pod does.
type process struct {
	name     string
	bin      string
	args     []string
	env      []string
	logPath  string
	readyURL string

	mu      sync.Mutex
	cmd     *exec.Cmd
	exited  chan struct{}
	killed  bool  // by the drill: an exit then is expected
	crashed error // an exit nobody asked for
}

// start launches the process; its output goes to logPath (appended to, so
// a restart's log follows the killed run's).
func (p *process) start() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	log, err := os.OpenFile(p.logPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return err
	}
	cmd := exec.Command(p.bin, p.args...) //nolint:gosec // G204: the drill's own binaries
	cmd.Env = append(os.Environ(), p.env...)
	cmd.Stdout, cmd.Stderr = log, log
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		_ = log.Close()
		return fmt.Errorf("start %s: %w", p.name, err)
	}
	p.cmd, p.exited, p.killed = cmd, make(chan struct{}), false
	exited := p.exited
	go func() {
		err := cmd.Wait()
		_ = log.Close()
		p.mu.Lock()
		if !p.killed && p.crashed == nil {
			p.crashed = fmt.Errorf("%s exited on its own: %w (log %s)", p.name, err, p.logPath)
		}
		p.mu.Unlock()
		close(exited)
	}()
	return nil
}

// signal sends sig to the process group and waits for the process to end.
func (p *process) signal(sig syscall.Signal, wait time.Duration) error {
	p.mu.Lock()
	cmd, exited := p.cmd, p.exited
	p.killed = true
	p.mu.Unlock()
	if cmd == nil {
		return nil
	}
	_ = syscall.Kill(-cmd.Process.Pid, sig)
	select {
	case <-exited:
		return nil
	case <-time.After(wait):
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		<-exited
		return fmt.Errorf("%s did not stop on %v within %s", p.name, sig, wait)
	}
}

// kill is the fault: SIGKILL to the whole group, no chance to drain.
func (p *process) kill() error { return p.signal(syscall.SIGKILL, 10*time.Second) }

// stop ends the process as an orchestrator would at the end: SIGTERM,
// then SIGKILL after a grace period.
func (p *process) stop() { _ = p.signal(syscall.SIGTERM, 20*time.Second) }

// pid is the running process's id (0 before start).
func (p *process) pid() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.cmd == nil || p.cmd.Process == nil {
		return 0
	}
	return p.cmd.Process.Pid
}

// failure is the exit of a process the drill did not kill, if any.
func (p *process) failure() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.crashed
}

// clearFailure forgets an exit on its own before the process is started
// again (restart reports it).
func (p *process) clearFailure() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.crashed = nil
}

// waitReady polls readyURL until it answers 200, the process dies or ctx ends.
func (p *process) waitReady(ctx context.Context) error {
	client := &http.Client{Timeout: time.Second}
	for {
		if err := p.failure(); err != nil {
			return err
		}
		if ok, _ := answers200(ctx, client, p.readyURL); ok {
			return nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("%s not ready at %s: %w (log %s)", p.name, p.readyURL, ctx.Err(), p.logPath)
		case <-time.After(50 * time.Millisecond):
		}
	}
}

func answers200(ctx context.Context, client *http.Client, url string) (bool, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return false, err
	}
	resp, err := client.Do(req)
	if err != nil {
		return false, err
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return false, errors.New(resp.Status)
	}
	return true, nil
}
