package simulcasttest

import (
	"encoding/json"
	"fmt"
	"net"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/freeport"
)

// Receiver is one ffmpeg -listen 1 at rtmp://127.0.0.1:<port>/live,
// taking the stream key Key (ffmpeg takes no other publish name).
type Receiver struct {
	URL  *url.URL
	Key  string
	out  string
	cmd  *exec.Cmd
	done chan error
}

// Start starts a receiver and waits until it listens.
func Start(t testing.TB, key string) *Receiver {
	t.Helper()
	port, err := freeport.Port()
	require.NoError(t, err)
	host := net.JoinHostPort("127.0.0.1", strconv.Itoa(port))
	r := &Receiver{URL: &url.URL{Scheme: "rtmp", Host: host, Path: "/live"}, Key: key,
		out: filepath.Join(t.TempDir(), "received.flv"), done: make(chan error, 1)}
	r.cmd = exec.Command("ffmpeg", "-hide_banner", "-nostdin", "-loglevel", "error", "-listen", "1",
		"-i", r.URL.String()+"/"+r.Key, "-c", "copy", "-f", "flv", r.out)
	r.cmd.Stderr = os.Stderr
	require.NoError(t, r.cmd.Start())
	t.Cleanup(func() { _ = r.cmd.Process.Kill() })
	go func() { r.done <- r.cmd.Wait() }()
	require.Eventually(t, func() bool { return listening(port) }, 10*time.Second, 20*time.Millisecond)
	return r
}

// Kill stops the receiver at once, as a platform's ingest dying.
func (r *Receiver) Kill() {
	_ = r.cmd.Process.Kill()
}

// Received is what a receiver recorded.
type Received struct {
	Codecs  []string // "h264", "aac"
	Seconds float64
}

// Result waits for the receiver to finish (the publisher left, or Kill)
// and probes what it recorded.
func (r *Receiver) Result(t testing.TB) Received {
	t.Helper()
	select {
	case err := <-r.done:
		_ = err // ffmpeg -listen exits non-zero when its publisher goes: what it recorded is the result
	case <-time.After(20 * time.Second):
		t.Fatal("the receiver did not finish")
	}
	out, err := exec.Command("ffprobe", "-v", "error", "-show_entries", "stream=codec_name:format=duration", "-of", "json", r.out).Output()
	require.NoError(t, err, "ffprobe %s", r.out)
	var probe struct {
		Streams []struct {
			CodecName string `json:"codec_name"`
		} `json:"streams"`
		Format struct {
			Duration string `json:"duration"`
		} `json:"format"`
	}
	require.NoError(t, json.Unmarshal(out, &probe))
	var got Received
	for _, s := range probe.Streams {
		got.Codecs = append(got.Codecs, s.CodecName)
	}
	got.Seconds, _ = strconv.ParseFloat(probe.Format.Duration, 64)
	return got
}

// listening says whether port is among this machine's listening TCP
// sockets (connecting to find out would take ffmpeg's one connection).
func listening(port int) bool {
	data, err := os.ReadFile("/proc/net/tcp")
	if err != nil {
		return false
	}
	// local_address is hex IP:PORT; state 0A is LISTEN
	return strings.Contains(string(data), fmt.Sprintf(":%04X 00000000:0000 0A", port))
}
