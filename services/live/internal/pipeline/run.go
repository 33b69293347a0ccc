package pipeline

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/vidhost/vidhost/pkg/childproc"
)

// stopGrace is how long ffmpeg may take to flush its last segment and the
// recording after its input ends, before it is killed.
const stopGrace = 15 * time.Second

// Run is one ffmpeg process fed through its stdin.
type Run struct {
	cmd    *exec.Cmd
	stdin  *Feed
	stderr *tail
	done   chan struct{}
	err    error
}

// Start starts ffmpeg (the binary at ffmpegPath) for p. ctx bounds the
// process: when it ends, ffmpeg is killed.
func Start(ctx context.Context, ffmpegPath string, p Plan) (*Run, error) {
	if err := os.MkdirAll(p.Dir, 0o750); err != nil {
		return nil, fmt.Errorf("pipeline: %w", err)
	}
	cmd := exec.CommandContext(ctx, ffmpegPath, Args(p)...) //nolint:gosec // typed arguments, no shell
	// An orphan would go on holding the event's files.
	childproc.DieWithParent(cmd)
	cmd.WaitDelay = stopGrace
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, fmt.Errorf("pipeline: %w", err)
	}
	r := &Run{cmd: cmd, stderr: &tail{max: 4096}, done: make(chan struct{})}
	cmd.Stderr = r.stderr
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("pipeline: start ffmpeg: %w", err)
	}
	r.stdin = NewFeed(stdin)
	go func() {
		err := cmd.Wait()
		if err != nil {
			err = fmt.Errorf("ffmpeg: %w: %s", err, strings.TrimSpace(r.stderr.String()))
		}
		r.err = err
		close(r.done)
	}()
	return r, nil
}

// Stdin is where the MPEG-TS goes, written without waiting for ffmpeg
// (Feed).
func (r *Run) Stdin() *Feed { return r.stdin }

// Done is closed once ffmpeg has exited.
func (r *Run) Done() <-chan struct{} { return r.done }

// Finish ends the input and waits for ffmpeg to write its last segment and
// close the recording; after stopGrace it is killed. The error is ffmpeg's
// failure, with the end of its stderr.
func (r *Run) Finish() error {
	_ = r.stdin.Close()
	select {
	case <-r.done:
	case <-time.After(stopGrace):
		_ = r.cmd.Process.Kill()
		<-r.done
	}
	if r.err != nil && !errors.Is(r.err, context.Canceled) {
		return r.err
	}
	return nil
}

// tail keeps the last max bytes written to it: ffmpeg's final error lines.
type tail struct {
	mu  sync.Mutex
	buf bytes.Buffer
	max int
}

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf.Write(p)
	if extra := t.buf.Len() - t.max; extra > 0 {
		t.buf.Next(extra)
	}
	return len(p), nil
}

func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.buf.String()
}
