package vidhost

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
)

// envelope is the body of every /v2 response.
type envelope struct {
	Success bool              `json:"success"`
	Result  json.RawMessage   `json:"result"`
	Links   map[string]string `json:"links"`
	Errors  []ErrorDetail     `json:"errors"`
}

// maxErrorBody bounds what is read of a response that is not an envelope.
const maxErrorBody = 64 << 10

// request is one API call before it is sent.
type request struct {
	method string
	path   string     // below the base URL, e.g. "/v2/videos"
	query  url.Values // may be nil
	body   any        // sent as JSON when not nil
}

// call sends req and decodes the envelope's result into out (when not nil),
// returning the envelope's links.
func (c *Client) call(ctx context.Context, req request, out any) (map[string]string, error) {
	var body []byte
	if req.body != nil {
		var err error
		if body, err = json.Marshal(req.body); err != nil {
			return nil, fmt.Errorf("vidhost: encode request: %w", err)
		}
	}
	resp, err := c.send(ctx, req.method, c.url(req.path, req.query), body, func(h http.Header) {
		if body != nil {
			h.Set("Content-Type", "application/json")
		}
	})
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	env, err := decodeEnvelope(resp)
	if err != nil {
		return nil, err
	}
	if out != nil && len(env.Result) > 0 {
		if err := json.Unmarshal(env.Result, out); err != nil {
			return nil, fmt.Errorf("vidhost: decode %s %s result: %w", req.method, req.path, err)
		}
	}
	return env.Links, nil
}

// decodeEnvelope reads a response: its envelope on success, an *Error
// otherwise (also when something other than Vidhost, a proxy, answered).
func decodeEnvelope(resp *http.Response) (envelope, error) {
	var env envelope
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 64<<20))
	if err != nil {
		return env, fmt.Errorf("vidhost: read response: %w", err)
	}
	jsonErr := json.Unmarshal(raw, &env)
	if resp.StatusCode >= 300 || jsonErr != nil || !env.Success {
		if jsonErr == nil && len(env.Errors) > 0 {
			return env, newError(resp.StatusCode, env.Errors, "")
		}
		return env, newError(resp.StatusCode, nil, snippet(raw))
	}
	return env, nil
}

// snippet is the start of a body that was not an envelope, for the error.
func snippet(raw []byte) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) > 200 {
		raw = raw[:200]
	}
	return string(raw)
}

func (c *Client) url(path string, query url.Values) string {
	u := c.baseURL + path
	if len(query) > 0 {
		u += "?" + query.Encode()
	}
	return u
}

// send sends one request with the credential, repeating it under the retry
// policy when the method is idempotent. The body is bytes so that every
// attempt sends it whole. A response with a status >= 300 is returned, not
// turned into an error: the caller reads its envelope.
func (c *Client) send(ctx context.Context, method, target string, body []byte, header func(http.Header)) (*http.Response, error) {
	attempts := 1
	if idempotent(method) {
		attempts = max(c.retry.MaxAttempts, 1)
	}
	for attempt := 1; ; attempt++ {
		resp, err := c.sendOnce(ctx, method, target, body, header)
		if attempt >= attempts || ctx.Err() != nil || (err == nil && !retryable(resp.StatusCode)) {
			return resp, err
		}
		wait := c.retry.delay(attempt, resp)
		if resp != nil {
			_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, maxErrorBody))
			resp.Body.Close()
		}
		if err := sleep(ctx, wait); err != nil {
			return nil, err
		}
	}
}

func (c *Client) sendOnce(ctx context.Context, method, target string, body []byte, header func(http.Header)) (*http.Response, error) {
	var reader io.Reader
	if body != nil {
		reader = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, target, reader)
	if err != nil {
		return nil, fmt.Errorf("vidhost: %w", err)
	}
	c.authorize(req)
	if header != nil {
		header(req.Header)
	}
	resp, err := c.httpClient.Do(req)
	if err != nil {
		var urlErr *url.Error
		if errors.As(err, &urlErr) && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, fmt.Errorf("vidhost: %w", err)
	}
	return resp, nil
}

// authorize adds the credential and the client's name to a request.
func (c *Client) authorize(req *http.Request) {
	req.Header.Set("Authorization", "Bearer "+c.apiKey)
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", c.userAgent)
}
