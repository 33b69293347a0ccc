package server_test

import (
	"bytes"
	"crypto/rand"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	uploadv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/upload/v1"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/pgtest"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/services/upload/internal/uploadtest"
)

// Every test has a schema (and a NATS server, where it needs one) of its
// own, so every test calls t.Parallel: their waits overlap.
func TestMain(m *testing.M) { pgtest.Main(m) }

var as = uploadtest.As

// eachDriver runs test once on every blob driver, with a fresh service.
func eachDriver(t *testing.T, test func(t *testing.T, b *uploadtest.Bundle)) {
	for _, d := range uploadtest.Drivers {
		t.Run(string(d), func(t *testing.T) { test(t, uploadtest.Start(t, d)) })
	}
}

func create(t *testing.T, b *uploadtest.Bundle, p principal.Principal, name string, size int) *uploadv1.Upload {
	t.Helper()
	u, err := b.Client.CreateUpload(as(t, p), &uploadv1.CreateUploadRequest{Name: name, Size: float64(size)})
	require.NoError(t, err)
	return u
}

// put sends body to a presigned URL with a plain HTTP client, as a
// customer's script would, and returns the status code.
func put(t *testing.T, url string, body []byte) int {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), http.MethodPut, url, bytes.NewReader(body))
	require.NoError(t, err)
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	return resp.StatusCode
}

func resolve(t *testing.T, b *uploadtest.Bundle, p principal.Principal, id string, kind uploadv1.UploadKind) (*uploadv1.ResolveUploadResponse, error) {
	return b.Client.ResolveUpload(uploadtest.AsCatalog(t, p), &uploadv1.ResolveUploadRequest{
		Reference: "svc://uploads/" + id, Kind: kind, Field: "input",
	})
}

func randomBytes(t *testing.T, n int) []byte {
	b := make([]byte, n)
	_, err := rand.Read(b)
	require.NoError(t, err)
	return b
}

// requireRefusal asserts err carries the stable error code errorCode.
func requireRefusal(t *testing.T, err error, code codes.Code, errorCode, messagePrefix string) {
	t.Helper()
	st, ok := status.FromError(err)
	require.True(t, ok, "not a status: %v", err)
	assert.Equal(t, code, st.Code(), st.Message())
	assert.Equal(t, errorCode, apperr.CodeOf(st))
	assert.True(t, strings.HasPrefix(st.Message(), messagePrefix), "message %q should start with %q", st.Message(), messagePrefix)
}
