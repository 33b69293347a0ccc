package webhook

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"time"

	"github.com/vidhost/vidhost/pkg/netguard"
)

// Bounds of one attempt.
const (
	// DefaultTimeout bounds an attempt from dial to the end of the response.
	DefaultTimeout = 15 * time.Second
	// maxResponseBytes is how much of a receiver's answer is read: enough
	// for a short error to record, never a stream.
	maxResponseBytes = 64 << 10
	// maxErrorText is how much of a failed answer's body is kept.
	maxErrorText = 200
)

// ErrBlockedAddress is a receiver that resolves to an address the guard
// refuses (private, loopback, link-local…).
var ErrBlockedAddress = errors.New("webhook URL points to a private or reserved address")

// Message is one attempt to deliver.
type Message struct {
	URL string
	// ID is the delivery's id: the same on every attempt, so receivers
	// drop a delivery they have already handled.
	ID   string
	Time time.Time
	Body []byte
	// Secrets sign the message; a rotation's previous secret signs too.
	Secrets []string
}

// Result is what an attempt got.
type Result struct {
	// Status is the receiver's HTTP status, 0 when none came.
	Status  int
	Latency time.Duration
	// Err is nil for a 2xx answer.
	Err error
}

// Sender posts messages. It is safe for concurrent use.
type Sender struct {
	client  *http.Client
	timeout time.Duration
}

// NewSender returns a Sender whose connections reach only what allow
// allows, each attempt bounded by timeout (DefaultTimeout when zero).
func NewSender(allow netguard.Allow, timeout time.Duration) *Sender {
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	return &Sender{client: GuardedClient(allow, timeout), timeout: timeout}
}

// GuardedTransport dials only what allow allows, checked after DNS
// resolution, each phase bounded by timeout: every outbound request of the
// hooks service goes through one (webhooks, other Vidhost instances, S3).
func GuardedTransport(allow netguard.Allow, timeout time.Duration) *http.Transport {
	dialer := &net.Dialer{Timeout: timeout, Control: netguard.Control(allow, ErrBlockedAddress)}
	return &http.Transport{
		Proxy:                 nil, // a proxy would make every dial look like the proxy's address
		DialContext:           dialer.DialContext,
		TLSHandshakeTimeout:   timeout,
		ResponseHeaderTimeout: timeout,
		MaxIdleConnsPerHost:   4,
		IdleConnTimeout:       90 * time.Second,
	}
}

// GuardedClient is an HTTP client over GuardedTransport that never follows
// a redirect.
func GuardedClient(allow netguard.Allow, timeout time.Duration) *http.Client {
	return &http.Client{
		Transport: GuardedTransport(allow, timeout),
		// A redirect is an answer, not a new target: following it could
		// lead anywhere, and a receiver that moved should be updated.
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}

// Explain turns a failed request's error into the reason a person can act
// on.
func Explain(err error) error { return explain(err) }

// Truncate keeps the start of a failed answer's body for the log.
func Truncate(body []byte) string { return truncate(body) }

// Send makes one attempt.
func (s *Sender) Send(ctx context.Context, m Message) Result {
	signature, err := Signature(m.Secrets, m.ID, m.Time, m.Body)
	if err != nil {
		return Result{Err: err}
	}
	ctx, cancel := context.WithTimeout(ctx, s.timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, m.URL, bytes.NewReader(m.Body))
	if err != nil {
		return Result{Err: fmt.Errorf("webhook: %w", err)}
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "Vidhost-Webhooks/1")
	req.Header.Set(HeaderID, m.ID)
	req.Header.Set(HeaderTimestamp, strconv.FormatInt(m.Time.Unix(), 10))
	req.Header.Set(HeaderSignature, signature)
	start := time.Now()
	resp, err := s.client.Do(req)
	if err != nil {
		return Result{Latency: time.Since(start), Err: explain(err)}
	}
	defer resp.Body.Close()
	answer, _ := io.ReadAll(io.LimitReader(resp.Body, maxResponseBytes))
	result := Result{Status: resp.StatusCode, Latency: time.Since(start)}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		result.Err = fmt.Errorf("receiver answered %s: %s", resp.Status, truncate(answer))
	}
	return result
}

// explain keeps the reason a person can act on.
func explain(err error) error {
	switch {
	case errors.Is(err, ErrBlockedAddress):
		return ErrBlockedAddress
	case errors.Is(err, context.DeadlineExceeded):
		return errors.New("receiver did not answer in time")
	}
	// The network's own words name the installation's DNS server and
	// internal addresses: the account sees netguard's, the log the cause.
	return &netguard.PublicError{Message: "webhook: " + netguard.Describe(err), Cause: err}
}

func truncate(body []byte) string {
	if len(body) > maxErrorText {
		body = body[:maxErrorText]
	}
	return string(bytes.ToValidUTF8(body, []byte("?")))
}
