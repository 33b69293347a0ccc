//go:build cgo && !nosrt

package srt_test

import (
	"bytes"
	"errors"
	"io"
	"net"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/services/live/internal/srt"
)

// listen opens a listener on a free loopback port whose hook accepts the
// stream id "good" and refuses the others with the code they name.
func listen(t *testing.T) (*srt.Listener, *handshakes) {
	t.Helper()
	seen := &handshakes{}
	l, err := srt.Listen("127.0.0.1:0", srt.Options{Latency: 80 * time.Millisecond}, func(h srt.Handshake) srt.RejectCode {
		seen.add(h)
		switch h.StreamID {
		case "good":
			return srt.Accept
		case "busy":
			return srt.RejectConflict
		}
		return srt.RejectForbidden
	})
	require.NoError(t, err)
	t.Cleanup(func() { _ = l.Close() })
	return l, seen
}

type handshakes struct {
	mu   sync.Mutex
	list []srt.Handshake
}

func (h *handshakes) add(x srt.Handshake) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.list = append(h.list, x)
}

func (h *handshakes) last() srt.Handshake {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.list[len(h.list)-1]
}

func TestListenerAcceptsAndCarriesThePayload(t *testing.T) {
	l, seen := listen(t)
	require.NotZero(t, l.Addr().(*net.UDPAddr).Port)
	accepted := make(chan *srt.Conn, 1)
	go func() {
		c, err := l.Accept()
		assert.NoError(t, err)
		accepted <- c
	}()
	caller, err := srt.Dial(l.Addr().String(), "good", srt.Options{})
	require.NoError(t, err)
	defer caller.Close()
	conn := <-accepted
	require.NotNil(t, conn)
	defer conn.Close()
	assert.Equal(t, "good", conn.StreamID())
	assert.Equal(t, conn.Socket(), seen.last().Socket, "the hook saw the socket Accept returns")
	assert.Equal(t, "127.0.0.1", seen.last().Peer.(*net.UDPAddr).IP.String())

	// Three messages' worth of "MPEG-TS", read through a small buffer.
	payload := bytes.Repeat([]byte("0123456789abcdef"), 200)
	_, err = caller.Write(payload)
	require.NoError(t, err)
	require.NoError(t, conn.SetReadTimeout(5*time.Second))
	got := make([]byte, len(payload))
	_, err = io.ReadFull(&smallReads{r: conn, n: 100}, got)
	require.NoError(t, err)
	assert.Equal(t, payload, got)

	// The caller leaves: the reader sees the end of the stream.
	require.NoError(t, caller.Close())
	_, err = conn.Read(got)
	assert.ErrorIs(t, err, io.EOF)
}

func TestListenerRejectsDuringTheHandshakeWithTheHooksCode(t *testing.T) {
	l, _ := listen(t)
	for id, want := range map[string]srt.RejectCode{"bad": srt.RejectForbidden, "busy": srt.RejectConflict} {
		_, err := srt.Dial(l.Addr().String(), id, srt.Options{})
		var rejected *srt.RejectError
		require.ErrorAs(t, err, &rejected, id)
		assert.Equal(t, want, rejected.Code, id)
	}
	// The port goes on serving after refusals.
	go func() {
		if c, err := l.Accept(); err == nil {
			_ = c.Close()
		}
	}()
	c, err := srt.Dial(l.Addr().String(), "good", srt.Options{})
	require.NoError(t, err)
	_ = c.Close()
}

func TestReadTimesOutOnAStalledCaller(t *testing.T) {
	l, _ := listen(t)
	accepted := make(chan *srt.Conn, 1)
	go func() {
		c, _ := l.Accept()
		accepted <- c
	}()
	caller, err := srt.Dial(l.Addr().String(), "good", srt.Options{})
	require.NoError(t, err)
	defer caller.Close()
	conn := <-accepted
	require.NotNil(t, conn)
	defer conn.Close()
	require.NoError(t, conn.SetReadTimeout(200*time.Millisecond))
	_, err = conn.Read(make([]byte, 10))
	var ne net.Error
	require.ErrorAs(t, err, &ne)
	assert.True(t, ne.Timeout())
}

func TestCloseEndsABlockedReadAndAccept(t *testing.T) {
	l, _ := listen(t)
	accepted := make(chan *srt.Conn, 1)
	go func() {
		c, _ := l.Accept()
		accepted <- c
	}()
	caller, err := srt.Dial(l.Addr().String(), "good", srt.Options{})
	require.NoError(t, err)
	defer caller.Close()
	conn := <-accepted
	require.NotNil(t, conn)
	readErr := make(chan error, 1)
	go func() {
		_, err := conn.Read(make([]byte, 10))
		readErr <- err
	}()
	require.NoError(t, conn.Close())
	assert.ErrorIs(t, <-readErr, io.EOF)

	acceptErr := make(chan error, 1)
	go func() {
		_, err := l.Accept()
		acceptErr <- err
	}()
	require.NoError(t, l.Close())
	assert.True(t, errors.Is(<-acceptErr, srt.ErrClosed))
}

// smallReads reads at most n bytes at a time, as a demuxer might.
type smallReads struct {
	r io.Reader
	n int
}

func (s *smallReads) Read(p []byte) (int, error) { return s.r.Read(p[:min(len(p), s.n)]) }
