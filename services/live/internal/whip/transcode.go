package whip

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/bluenviron/mediacommon/v2/pkg/codecs/mpeg4audio"
	"github.com/bluenviron/mediacommon/v2/pkg/formats/mpegts"
	tscodecs "github.com/bluenviron/mediacommon/v2/pkg/formats/mpegts/codecs"
	"github.com/bluenviron/mediacommon/v2/pkg/formats/mpegts/substructs"

	"github.com/vidhost/vidhost/pkg/childproc"
)

// AAC is the audio a session hands over: what its ffmpeg encodes.
var AAC = mpeg4audio.AudioSpecificConfig{Type: mpeg4audio.ObjectTypeAACLC, SampleRate: aacRate, ChannelConfig: 2}

const (
	aacRate = 48000
	// aacFrame is the samples of one AAC frame.
	aacFrame = 1024
	// transcodeGrace is how long ffmpeg may take to exit once its input
	// ends, before it is killed.
	transcodeGrace = 5 * time.Second
)

// transcodeArgs are the arguments of the Opus-to-AAC ffmpeg.
func transcodeArgs() []string {
	return []string{
		"-hide_banner", "-loglevel", "error", "-nostdin",
		"-probesize", "32", // the MPEG-TS program says what the track is: start at its first packet
		"-analyzeduration", "0", // likewise: no probing delay before the first AAC frame
		"-f", "mpegts", // the pipe carries Opus in MPEG-TS with the RTP times as PTS
		"-i", "pipe:0",
		"-vn",
		// Lost or late packets leave gaps in the PTS: fill them (and trim
		// overlaps) from 15 ms on, so that the AAC frames, counted from
		// the first, stay on the stream's clock.
		"-af", "aresample=async=1:min_hard_comp=0.015:first_pts=0",
		"-c:a", "aac", "-b:a", "128k", "-ar", "48000", "-ac", "2", // what AAC says
		"-flush_packets", "1", // each frame as it is encoded: latency
		"-f", "adts", "pipe:1",
	}
}

// transcoder is a session's ffmpeg turning Opus into AAC. Its frames come
// out as ADTS, without times: frame n is given the first Opus packet's
// time plus n-1 frames (the encoder's first frame is its priming, a frame
// of delay).
type transcoder struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	in     *bufio.Writer
	ts     *mpegts.Writer
	track  *mpegts.Track
	first  time.Duration
	wrote  bool
	done   chan struct{}
	once   sync.Once
	stderr *lastLines
	err    error // ffmpeg's exit, once done is closed
}

// startTranscoder starts ffmpeg; out receives each AAC frame with its
// stream time, from the transcoder's goroutine, until ffmpeg ends.
func startTranscoder(ctx context.Context, ffmpeg string, out func(pts time.Duration, au []byte)) (*transcoder, error) {
	cmd := exec.CommandContext(ctx, ffmpeg, transcodeArgs()...) //nolint:gosec // fixed arguments, no shell
	// An orphan would hold the pipe and a core.
	childproc.DieWithParent(cmd)
	cmd.WaitDelay = transcodeGrace
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, fmt.Errorf("whip: %w", err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("whip: %w", err)
	}
	t := &transcoder{cmd: cmd, stdin: stdin, in: bufio.NewWriter(stdin), done: make(chan struct{}), stderr: &lastLines{},
		track: &mpegts.Track{Codec: &tscodecs.Opus{Desc: &substructs.OpusAudioDescriptor{ChannelConfigCode: 2}}}}
	t.ts = &mpegts.Writer{W: t.in, Tracks: []*mpegts.Track{t.track}}
	if err := t.ts.Initialize(); err != nil {
		return nil, fmt.Errorf("whip: mpegts: %w", err)
	}
	cmd.Stderr = t.stderr
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("whip: start ffmpeg: %w", err)
	}
	go func() {
		defer close(t.done)
		t.read(stdout, out)
		if err := cmd.Wait(); err != nil {
			t.err = fmt.Errorf("ffmpeg: %w: %s", err, t.stderr.String())
		}
	}()
	return t, nil
}

// write sends one Opus packet of stream time pts.
func (t *transcoder) write(pts time.Duration, opus []byte) error {
	if !t.wrote {
		t.wrote, t.first = true, pts
	}
	if err := t.ts.WriteOpus(t.track, ticks90k(pts), [][]byte{opus}); err != nil {
		return err
	}
	return t.in.Flush()
}

// read hands over ffmpeg's AAC frames until its output ends.
func (t *transcoder) read(stdout io.Reader, out func(pts time.Duration, au []byte)) {
	frames := &adtsReader{r: bufio.NewReader(stdout)}
	for n := -1; ; n++ {
		au, err := frames.next()
		if err != nil {
			return
		}
		out(t.first+time.Duration(n)*aacFrame*time.Second/aacRate, au)
	}
}

// close ends ffmpeg's input; it exits after its last frames (killed after
// transcodeGrace). The error is ffmpeg's failure, with its last words.
func (t *transcoder) close() error {
	t.once.Do(func() { _ = t.stdin.Close() })
	select {
	case <-t.done:
	case <-time.After(transcodeGrace):
		_ = t.cmd.Process.Kill()
		<-t.done
	}
	return t.err
}

// lastLines keeps the end of what ffmpeg writes to stderr (-loglevel
// error: its reasons for failing).
type lastLines struct {
	mu  sync.Mutex
	buf []byte
}

const lastLinesMax = 2048

func (l *lastLines) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.buf = append(l.buf, p...)
	if extra := len(l.buf) - lastLinesMax; extra > 0 {
		l.buf = l.buf[extra:]
	}
	return len(p), nil
}

func (l *lastLines) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return strings.TrimSpace(string(l.buf))
}
