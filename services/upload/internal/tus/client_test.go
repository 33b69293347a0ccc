package tus_test

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/services/upload/internal/uploadtest"
)

// client speaks tus 1.0 to the service the way the gateway forwards a
// client's requests: with the principal in signed X-Vidhost-* headers.
type client struct {
	t *testing.T
	b *uploadtest.Bundle
	p principal.Principal
}

func tusClient(t *testing.T, b *uploadtest.Bundle, p principal.Principal) client {
	return client{t: t, b: b, p: p}
}

func (c client) do(method, target string, header http.Header, body []byte) *http.Response {
	c.t.Helper()
	req, err := http.NewRequestWithContext(c.t.Context(), method, target, bytes.NewReader(body))
	require.NoError(c.t, err)
	for k, v := range header {
		req.Header[k] = v
	}
	req.Header.Set("Tus-Resumable", "1.0.0")
	if c.p.AccountID != "" {
		uploadtest.SignTus(req.Header, method, c.p)
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(c.t, err)
	c.t.Cleanup(func() { _ = resp.Body.Close() })
	return resp
}

// create starts an upload of size bytes named name.
func (c client) create(name string, size int) *http.Response {
	meta := "filename " + base64.StdEncoding.EncodeToString([]byte(name))
	return c.do(http.MethodPost, c.b.TusURL, http.Header{
		"Upload-Length":   {strconv.Itoa(size)},
		"Upload-Metadata": {meta},
	}, nil)
}

func (c client) patch(location string, offset int, chunk []byte) *http.Response {
	return c.do(http.MethodPatch, location, http.Header{
		"Upload-Offset": {strconv.Itoa(offset)},
		"Content-Type":  {"application/offset+octet-stream"},
	}, chunk)
}

// offset asks the server how many bytes it has.
func (c client) offset(location string) int {
	c.t.Helper()
	resp := c.do(http.MethodHead, location, nil, nil)
	require.Equal(c.t, http.StatusOK, resp.StatusCode)
	n, err := strconv.Atoi(resp.Header.Get("Upload-Offset"))
	require.NoError(c.t, err)
	return n
}

// interruptedPatch declares the rest of the upload but sends only sent,
// then drops the connection, like a client losing its network. It returns
// once the server has answered or closed, so what it saved is settled.
func (c client) interruptedPatch(location string, offset, declared int, sent []byte) {
	c.t.Helper()
	u, err := url.Parse(location)
	require.NoError(c.t, err)
	conn, err := net.Dial("tcp", u.Host)
	require.NoError(c.t, err)
	defer conn.Close()
	header := http.Header{}
	uploadtest.SignTus(header, http.MethodPatch, c.p)
	fmt.Fprintf(conn, "PATCH %s HTTP/1.1\r\nHost: %s\r\nTus-Resumable: 1.0.0\r\n", u.RequestURI(), u.Host)
	fmt.Fprintf(conn, "Content-Type: application/offset+octet-stream\r\nUpload-Offset: %d\r\nContent-Length: %d\r\n", offset, declared)
	require.NoError(c.t, header.Write(conn))
	_, err = io.WriteString(conn, "\r\n")
	require.NoError(c.t, err)
	_, err = conn.Write(sent)
	require.NoError(c.t, err)
	require.NoError(c.t, conn.(*net.TCPConn).CloseWrite())
	require.NoError(c.t, conn.SetReadDeadline(time.Now().Add(30*time.Second))) // bounds a failure only
	_, _ = io.Copy(io.Discard, conn)
}

// envelope decodes a failure envelope.
type envelope struct {
	Success bool `json:"success"`
	Errors  []struct {
		Message string `json:"message"`
		Code    string `json:"code"`
	} `json:"errors"`
}

func decodeFailure(t *testing.T, resp *http.Response) envelope {
	t.Helper()
	require.Equal(t, "application/json", resp.Header.Get("Content-Type"))
	var env envelope
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&env))
	require.False(t, env.Success)
	require.Len(t, env.Errors, 1)
	// Every failure carries the documented code of its status (docs/errors.md).
	assert.Equal(t, resp.StatusCode, apperr.HTTPStatus(env.Errors[0].Code), "code %q", env.Errors[0].Code)
	return env
}

// readBody returns the body of resp.
func readBody(t *testing.T, resp *http.Response) string {
	t.Helper()
	data, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return string(data)
}
