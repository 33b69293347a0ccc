package httpx_test

import (
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/httpx"
)

// serverTimeout is the server's read and write timeout in these tests;
// idle is OnProgress's.
const (
	serverTimeout = 300 * time.Millisecond
	idle          = 300 * time.Millisecond
)

// An upload that keeps moving outlives the server's timeouts several times
// over; one that stalls for longer than idle is cut. Without OnProgress
// both would die at the server's ReadTimeout.
func TestOnProgress(t *testing.T) {
	tests := []struct {
		name     string
		chunks   int
		pause    time.Duration
		wantRead bool
	}{
		{"moving for 4x the server timeout", 12, 100 * time.Millisecond, true},
		{"stalled for 2x idle", 2, 2 * idle, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			received := make(chan int, 1)
			url := startServer(t, httpx.OnProgress(idle, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				n, err := io.Copy(io.Discard, r.Body)
				if err != nil {
					received <- -1
					return
				}
				received <- int(n)
				_, _ = io.WriteString(w, strconv.FormatInt(n, 10))
			})))
			sent := tt.chunks * 1024
			slowPUT(t, url, tt.chunks, tt.pause)
			got := <-received
			if tt.wantRead {
				assert.Equal(t, sent, got)
			} else {
				assert.Equal(t, -1, got, "the stalled body must fail to read")
			}
		})
	}
}

func startServer(t *testing.T, h http.Handler) string {
	t.Helper()
	srv := httptest.NewUnstartedServer(h)
	srv.Config.ReadTimeout, srv.Config.WriteTimeout = serverTimeout, serverTimeout
	srv.Start()
	t.Cleanup(srv.Close)
	return srv.URL
}

// slowPUT sends chunks of 1 KiB with pause before each over a raw
// connection, so the test controls the pacing exactly.
func slowPUT(t *testing.T, url string, chunks int, pause time.Duration) {
	t.Helper()
	conn, err := net.Dial("tcp", strings.TrimPrefix(url, "http://"))
	require.NoError(t, err)
	defer conn.Close()
	_, err = conn.Write([]byte("PUT /upload HTTP/1.1\r\nHost: test\r\nConnection: close\r\nContent-Length: " + strconv.Itoa(chunks*1024) + "\r\n\r\n"))
	require.NoError(t, err)
	for range chunks {
		time.Sleep(pause)
		if _, err := conn.Write([]byte(strings.Repeat("x", 1024))); err != nil {
			return // the server cut the connection
		}
	}
	_ = conn.SetReadDeadline(time.Now().Add(2 * time.Second))
	_, _ = io.ReadAll(conn)
}
