package app_test

import (
	"bufio"
	"fmt"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/app"
)

// A request without valid credentials is refused before its body is read:
// the client declares a 1 MiB body and sends only its first kilobyte. A
// gateway that read the body before authenticating would wait for the
// rest (and, before this was fixed, did: up to the body limit was
// buffered for anyone); this one answers at once.
func TestRefusedBeforeTheBodyIsRead(t *testing.T) {
	b := setup(t, func(c *app.Config) {
		c.Blob.Dir = t.TempDir()
		c.BodyLimit = 2 << 20 // the declared megabyte is within the limit
	})
	tests := []struct {
		name, method, path, auth string
		status                   int
	}{
		{"API without a key", "POST", "/v2/players", "", http.StatusUnauthorized},
		{"API with an unknown key", "POST", "/v2/players", "Bearer not-a-key", http.StatusUnauthorized},
		{"API with a read-only key", "POST", "/v2/players", "Bearer " + keyReadOnly, http.StatusForbidden},
		{"resumable upload without a key", "PATCH", "/v2/uploads/tus/abc", "", http.StatusUnauthorized},
		{"blob URL without a signature", "PUT", "/blob/uploads/acc1/abc", "", http.StatusForbidden},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.status, statusOfPartialBody(t, b.url, tt.method, tt.path, tt.auth))
		})
	}
}

// statusOfPartialBody sends a request declaring 1 MiB of body but only 1 KiB
// of it, and returns the status that comes back within two seconds.
func statusOfPartialBody(t *testing.T, baseURL, method, path, authorization string) int {
	t.Helper()
	conn, err := net.Dial("tcp", strings.TrimPrefix(baseURL, "http://"))
	require.NoError(t, err)
	defer conn.Close()
	head := fmt.Sprintf("%s %s HTTP/1.1\r\nHost: gateway\r\nContent-Type: application/json\r\nContent-Length: %d\r\n", method, path, 1<<20)
	if authorization != "" {
		head += "Authorization: " + authorization + "\r\n"
	}
	_, err = conn.Write([]byte(head + "\r\n" + strings.Repeat(" ", 1<<10)))
	require.NoError(t, err)
	require.NoError(t, conn.SetReadDeadline(time.Now().Add(2*time.Second)))
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	require.NoError(t, err, "no answer without the rest of the body: the gateway is reading it")
	resp.Body.Close()
	return resp.StatusCode
}
