package media

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"time"

	"github.com/vidhost/vidhost/pkg/childproc"
)

// waitDelay bounds how long Wait waits for a killed tool's pipes to close.
const waitDelay = 5 * time.Second

// backgroundNice is the niceness of a tool run in the background: a
// process at niceness 0 gets about nine times its CPU when both want it
// (the kernel's weights 1024 and 110), so the background run takes what
// the foreground one leaves.
const backgroundNice = 10

// runTool runs bin with args (never through a shell), hands its stdout to
// readStdout, and keeps the tail of stderr for the error. Cancelling ctx
// kills the process, so a stuck run lasts no longer than ctx allows. If
// readStdout fails, the process is killed and that error returned.
func runTool(ctx context.Context, bin string, args []string, readStdout func(io.Reader) error) error {
	return runToolAt(ctx, bin, args, readStdout, false)
}

// runBackgroundTool is runTool at a lower CPU priority (backgroundNice).
func runBackgroundTool(ctx context.Context, bin string, args []string, readStdout func(io.Reader) error) error {
	return runToolAt(ctx, bin, args, readStdout, true)
}

func runToolAt(ctx context.Context, bin string, args []string, readStdout func(io.Reader) error, background bool) error {
	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	cmd := exec.CommandContext(runCtx, bin, args...)
	stderr := newTailBuffer(8 << 10)
	filter := &stderrFilter{out: stderr, onTeardown: cancel} // see svtTeardown
	cmd.Stderr = filter
	cmd.Env = append(os.Environ(), svtLogErrorsOnly)
	cmd.WaitDelay = waitDelay
	childproc.DieWithParent(cmd) // an orphan would go on burning CPU for a job another worker redoes
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("start %s: %w", filepath.Base(bin), err)
	}
	if background {
		if err := runInBackground(cmd.Process.Pid); err != nil {
			cancel()
			_ = cmd.Wait() // killed: its error is not the one to report
			return fmt.Errorf("lower the priority of %s: %w", filepath.Base(bin), err)
		}
	}
	readErr := readStdout(stdout)
	if readErr != nil {
		cancel()
	}
	_, _ = io.Copy(io.Discard, stdout) // Wait must not run before stdout is drained
	waitErr := cmd.Wait()
	filter.flush()
	switch {
	case readErr != nil:
		return readErr
	case ctx.Err() != nil:
		return fmt.Errorf("%s stopped: %w", filepath.Base(bin), context.Cause(ctx))
	case waitErr != nil:
		return &ExecError{Tool: filepath.Base(bin), Err: waitErr, Stderr: stderr.String()}
	}
	return nil
}

// discardStdout is a readStdout for tools whose output goes to files.
func discardStdout(r io.Reader) error {
	_, err := io.Copy(io.Discard, r)
	return err
}
