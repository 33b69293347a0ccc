package openapitest

import (
	"bytes"
	"io"
	"net/http"
	"net/url"
	"sync"
)

// Exchange is one recorded request and its response.
type Exchange struct {
	Method      string
	URL         *url.URL
	Header      http.Header // of the request
	Body        []byte      // of the request
	Status      int
	RespHeader  http.Header
	RespBody    []byte
	Description string // "GET /v2/videos -> 200", for failure reports
}

// Recorder wraps a transport and records the exchanges with the gateways
// added by AddHost; requests elsewhere pass unrecorded.
type Recorder struct {
	Next http.RoundTripper

	mu        sync.Mutex
	hosts     map[string]bool
	exchanges []Exchange
}

// AddHost records the exchanges with a gateway at host (host:port) too.
func (r *Recorder) AddHost(host string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.hosts == nil {
		r.hosts = map[string]bool{}
	}
	r.hosts[host] = true
}

func (r *Recorder) records(host string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.hosts[host]
}

// RoundTrip sends req through Next, keeping copies of both bodies.
func (r *Recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	if !r.records(req.URL.Host) {
		return r.Next.RoundTrip(req)
	}
	reqBody, err := readAll(req.Body)
	if err != nil {
		return nil, err
	}
	if reqBody != nil {
		req = req.Clone(req.Context())
		req.Body = io.NopCloser(bytes.NewReader(reqBody))
	}
	resp, err := r.Next.RoundTrip(req)
	if err != nil {
		return nil, err
	}
	respBody, err := readAll(resp.Body)
	if err != nil {
		return nil, err
	}
	resp.Body = io.NopCloser(bytes.NewReader(respBody))
	r.mu.Lock()
	defer r.mu.Unlock()
	r.exchanges = append(r.exchanges, Exchange{
		Method: req.Method, URL: req.URL, Header: req.Header.Clone(), Body: reqBody,
		Status: resp.StatusCode, RespHeader: resp.Header.Clone(), RespBody: respBody,
		Description: req.Method + " " + req.URL.RequestURI() + " -> " + resp.Status,
	})
	return resp, nil
}

// Exchanges returns what was recorded so far.
func (r *Recorder) Exchanges() []Exchange {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]Exchange(nil), r.exchanges...)
}

func readAll(body io.ReadCloser) ([]byte, error) {
	if body == nil || body == http.NoBody {
		return nil, nil
	}
	defer body.Close()
	return io.ReadAll(body)
}
