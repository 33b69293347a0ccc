package fetch

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const payload = "pretend this is a video"

func serve(t *testing.T, handler http.HandlerFunc) *httptest.Server {
	t.Helper()
	server := httptest.NewServer(handler)
	t.Cleanup(server.Close)
	return server
}

func servePayload(w http.ResponseWriter, _ *http.Request) { fmt.Fprint(w, payload) }

// target is a download path in a fresh directory; assertNothingLeft checks
// that a failed fetch left neither the file nor a temporary one.
func target(t *testing.T) string {
	return filepath.Join(t.TempDir(), "source")
}

func assertNothingLeft(t *testing.T, path string) {
	t.Helper()
	entries, err := os.ReadDir(filepath.Dir(path))
	require.NoError(t, err)
	assert.Empty(t, entries)
}

func TestFetchDownloadsWhenPrivateAllowed(t *testing.T) {
	server := serve(t, servePayload)
	path := target(t)
	n, err := New(Options{AllowPrivate: true}).Fetch(context.Background(), server.URL+"/v.mp4", path)
	require.NoError(t, err)
	assert.Equal(t, int64(len(payload)), n)
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, payload, string(data))
}

func TestFetchRefusesPrivateAddresses(t *testing.T) {
	server := serve(t, servePayload)
	port := server.URL[strings.LastIndex(server.URL, ":"):]
	for _, rawURL := range []string{server.URL, "http://localhost" + port, "http://[::ffff:127.0.0.1]" + port} {
		t.Run(rawURL, func(t *testing.T) {
			path := target(t)
			_, err := New(Options{}).Fetch(context.Background(), rawURL, path)
			assert.ErrorIs(t, err, ErrBlockedAddress)
			assertNothingLeft(t, path)
		})
	}
}

func TestFetchRefusesRedirectToPrivateAddress(t *testing.T) {
	inside := serve(t, servePayload)
	outside := serve(t, func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, inside.URL+"/secret", http.StatusFound)
	})
	// Both servers are on loopback: pretend only the first one is public.
	public := netip.MustParseAddrPort(strings.TrimPrefix(outside.URL, "http://"))
	fetcher := newFetcher(withDefaults(Options{}), func(ap netip.AddrPort) bool { return ap == public })
	path := target(t)
	_, err := fetcher.Fetch(context.Background(), outside.URL, path)
	assert.ErrorIs(t, err, ErrBlockedAddress)
	assertNothingLeft(t, path)
}

func TestFetchTrustedAddress(t *testing.T) {
	inside := serve(t, servePayload)
	trusted := serve(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/redirect" {
			http.Redirect(w, r, inside.URL+"/secret", http.StatusFound)
			return
		}
		servePayload(w, r)
	})
	fetcher := New(Options{Trusted: []netip.AddrPort{netip.MustParseAddrPort(strings.TrimPrefix(trusted.URL, "http://"))}})

	_, err := fetcher.Fetch(context.Background(), trusted.URL+"/v.mp4", target(t))
	assert.NoError(t, err, "the trusted origin itself")
	_, err = fetcher.Fetch(context.Background(), trusted.URL+"/redirect", target(t))
	assert.ErrorIs(t, err, ErrBlockedAddress, "where it redirects is still checked")
	_, err = fetcher.Fetch(context.Background(), inside.URL, target(t))
	assert.ErrorIs(t, err, ErrBlockedAddress, "another port on the same host")
}

func TestFetchStatusError(t *testing.T) {
	server := serve(t, http.NotFound)
	path := target(t)
	_, err := New(Options{AllowPrivate: true}).Fetch(context.Background(), server.URL, path)
	var status *StatusError
	require.ErrorAs(t, err, &status)
	assert.Equal(t, http.StatusNotFound, status.Code)
	assert.Equal(t, "source URL returned 404 Not Found", err.Error())
	assertNothingLeft(t, path)
}

func TestFetchBoundsRedirects(t *testing.T) {
	var hits atomic.Int32
	server := serve(t, func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		http.Redirect(w, r, fmt.Sprintf("/hop%d", hits.Load()), http.StatusFound)
	})
	_, err := New(Options{AllowPrivate: true}).Fetch(context.Background(), server.URL, target(t))
	assert.ErrorIs(t, err, ErrTooManyRedirects)
	assert.Equal(t, int32(6), hits.Load(), "the first request and five redirects")
}

func TestFetchRefusesOtherSchemes(t *testing.T) {
	server := serve(t, func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "file:///etc/passwd", http.StatusFound)
	})
	fetcher := New(Options{AllowPrivate: true})
	for _, rawURL := range []string{"file:///etc/passwd", "ftp://example.com/v.mp4", "http:///nohost", server.URL} {
		t.Run(rawURL, func(t *testing.T) {
			_, err := fetcher.Fetch(context.Background(), rawURL, target(t))
			assert.ErrorIs(t, err, ErrScheme)
		})
	}
}

func TestFetchSizeCap(t *testing.T) {
	endless := func(w http.ResponseWriter, r *http.Request) {
		chunk := []byte(strings.Repeat("x", 32<<10))
		for r.Context().Err() == nil {
			if _, err := w.Write(chunk); err != nil {
				return
			}
		}
	}
	declared := func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Length", "10485760")
		w.WriteHeader(http.StatusOK)
	}
	for name, handler := range map[string]http.HandlerFunc{"endless body": endless, "declared length": declared} {
		t.Run(name, func(t *testing.T) {
			server := serve(t, handler)
			path := target(t)
			_, err := New(Options{AllowPrivate: true, MaxBytes: 1 << 20}).Fetch(context.Background(), server.URL, path)
			assert.ErrorIs(t, err, ErrTooLarge)
			assertNothingLeft(t, path)
		})
	}
}

func TestFetchStalledBody(t *testing.T) {
	server := serve(t, func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, "the first bytes")
		w.(http.Flusher).Flush()
		<-r.Context().Done()
	})
	path := target(t)
	opts := Options{AllowPrivate: true, IdleTimeout: 100 * time.Millisecond}
	_, err := New(opts).Fetch(context.Background(), server.URL, path)
	assert.ErrorIs(t, err, ErrIdle)
	assertNothingLeft(t, path)
}

func TestFetchNoHeaders(t *testing.T) {
	server := serve(t, func(_ http.ResponseWriter, r *http.Request) { <-r.Context().Done() })
	opts := Options{AllowPrivate: true, HeaderTimeout: 100 * time.Millisecond}
	_, err := New(opts).Fetch(context.Background(), server.URL, target(t))
	var urlErr *url.Error
	require.ErrorAs(t, err, &urlErr)
	assert.True(t, urlErr.Timeout(), "%v", err)
}

func TestFetchOverallTimeout(t *testing.T) {
	server := serve(t, func(w http.ResponseWriter, r *http.Request) {
		for r.Context().Err() == nil { // a trickle: never idle, never done
			fmt.Fprint(w, "x")
			w.(http.Flusher).Flush()
			time.Sleep(10 * time.Millisecond)
		}
	})
	path := target(t)
	opts := Options{AllowPrivate: true, Timeout: 300 * time.Millisecond}
	_, err := New(opts).Fetch(context.Background(), server.URL, path)
	assert.ErrorIs(t, err, ErrTimeout)
	assertNothingLeft(t, path)
}
