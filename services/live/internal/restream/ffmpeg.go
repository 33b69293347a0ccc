package restream

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"github.com/vidhost/vidhost/pkg/childproc"
)

// outputArgs make ffmpeg copy the MPEG-TS it reads on stdin to FLV and
// publish it over RTMP to the relay, naming the real server in the
// handshake so that it sees the stream as if ffmpeg had dialled it.
func outputArgs(t Target, relay string, timeout time.Duration) []string {
	app := strings.TrimPrefix(t.URL.EscapedPath(), "/")
	tcURL := (&urlParts{scheme: t.URL.Scheme, host: t.URL.Host, app: app}).String()
	var args []string
	args = append(args, "-hide_banner", "-nostdin")                                   // nothing to say, nothing to read but the stream
	args = append(args, "-loglevel", "error")                                         // stderr holds only why it failed
	args = append(args, "-analyzeduration", "1000000")                                // 1 s, as the live pipeline: the default 5 s of probing would delay the publish
	args = append(args, "-probesize", "500000")                                       // bytes, likewise
	args = append(args, "-f", "mpegts", "-i", "pipe:0")                               // the fan-out's remux of the publisher's units
	args = append(args, "-map", "0:v", "-map", "0:a")                                 // the one video and one audio track
	args = append(args, "-c", "copy")                                                 // no re-encoding: the platform gets what the publisher sent
	args = append(args, "-f", "flv")                                                  // what RTMP carries
	args = append(args, "-rtmp_tcurl", tcURL)                                         // the server's own URL in the connect command, not the relay's
	args = append(args, "-rtmp_app", app)                                             // the application the server publishes to
	args = append(args, "-rtmp_playpath", t.Key)                                      // the stream key, as the publish name
	args = append(args, "-rtmp_live", "live")                                         // a live stream, not a recording
	args = append(args, "-rw_timeout", strconv.FormatInt(timeout.Microseconds(), 10)) // a server that stops reading or answering ends the session
	args = append(args, "rtmp://"+relay+"/"+app)                                      // the relay: ffmpeg never dials out itself
	return args
}

type urlParts struct{ scheme, host, app string }

func (u *urlParts) String() string { return u.scheme + "://" + u.host + "/" + u.app }

// ffmpegRun is an output's ffmpeg, fed through a pipe whose writes have
// deadlines (exec's StdinPipe has none).
type ffmpegRun struct {
	cmd    *exec.Cmd
	stdin  *os.File
	stderr *strings.Builder
	done   chan struct{} // closed when it has exited
	err    error         // its exit, once done
}

func startFFmpeg(ctx context.Context, bin string, args []string) (*ffmpegRun, error) {
	read, write, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	defer read.Close()                            //nolint:errcheck // ffmpeg has its copy
	cmd := exec.CommandContext(ctx, bin, args...) //nolint:gosec // typed arguments, no shell
	cmd.Stdin = read
	stderr := &strings.Builder{}
	cmd.Stderr = &limitedWriter{b: stderr, n: 4 << 10}
	childproc.DieWithParent(cmd) // an orphan would go on publishing
	cmd.WaitDelay = time.Second
	if err := cmd.Start(); err != nil {
		_ = write.Close()
		return nil, fmt.Errorf("restream: start ffmpeg: %w", err)
	}
	ff := &ffmpegRun{cmd: cmd, stdin: write, stderr: stderr, done: make(chan struct{})}
	go func() {
		ff.err = cmd.Wait()
		close(ff.done)
	}()
	return ff, nil
}

// Write feeds ffmpeg (the TS writer's output).
func (ff *ffmpegRun) Write(p []byte) (int, error) { return ff.stdin.Write(p) }

// deadline runs write with a deadline on the pipe: an ffmpeg that stops
// reading (its server stopped reading) fails the session, not the fan-out.
func (ff *ffmpegRun) deadline(timeout time.Duration, write func() error) error {
	if err := ff.stdin.SetWriteDeadline(time.Now().Add(timeout)); err != nil {
		return err
	}
	return write()
}

// finish closes ffmpeg's input and waits for it to send what it has and
// exit: its failure if it failed, else cause.
func (ff *ffmpegRun) finish(cause error) error {
	_ = ff.stdin.Close()
	select {
	case <-ff.done:
	case <-time.After(finishTimeout):
		_ = ff.cmd.Process.Kill()
		<-ff.done
	}
	if ff.err != nil {
		return &ffmpegExit{err: ff.err, stderr: strings.TrimSpace(ff.stderr.String())}
	}
	return cause
}

// finishTimeout bounds how long an ffmpeg whose input ended may take to
// send the rest; the fan-out's DrainTimeout bounds it from above too.
const finishTimeout = 5 * time.Second

// stop kills ffmpeg if it still runs and waits for it.
func (ff *ffmpegRun) stop() {
	_ = ff.stdin.Close()
	select {
	case <-ff.done:
	default:
		_ = ff.cmd.Process.Kill()
		<-ff.done
	}
}

// ffmpegExit is an output's ffmpeg failing: its server refused the
// publish or closed the connection. stderr is for the log.
type ffmpegExit struct {
	err    error
	stderr string
}

func (e *ffmpegExit) Error() string { return fmt.Sprintf("ffmpeg: %v: %s", e.err, e.stderr) }
func (e *ffmpegExit) Unwrap() error { return e.err }

// limitedWriter keeps the first n bytes written to it.
type limitedWriter struct {
	b *strings.Builder
	n int
}

func (w *limitedWriter) Write(p []byte) (int, error) {
	if room := w.n - w.b.Len(); room > 0 {
		w.b.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}
