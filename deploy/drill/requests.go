package drill

import (
	"fmt"
	"net/http"
	"sync"
	"time"
)

// requestLog counts the load's requests per gateway and keeps every failed
// one: a transport error, or a 5xx answer.
type requestLog struct {
	mu       sync.Mutex
	sent     map[int]int
	failures []failedRequest
}

// failedRequest is one request that failed, with the gateway that had it.
type failedRequest struct {
	gateway int // -1: no gateway was in service
	method  string
	path    string
	began   time.Time
	ended   time.Time
	// status is the answer's HTTP status, 0 when there was none (a
	// transport error: the connection broke).
	status int
	reason string
}

func (f failedRequest) String() string {
	return fmt.Sprintf("gateway-%d %s %s began %s, lasted %s: %s", f.gateway, f.method, f.path,
		f.began.Format("15:04:05.000"), f.ended.Sub(f.began).Round(time.Millisecond), f.reason)
}

func newRequestLog() *requestLog { return &requestLog{sent: map[int]int{}} }

func (l *requestLog) record(gateway int, method, path string, began time.Time, resp *http.Response, err error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.sent[gateway]++
	switch {
	case err != nil:
		l.failures = append(l.failures, failedRequest{gateway, method, path, began, time.Now(), 0, err.Error()})
	case resp.StatusCode >= 500:
		l.failures = append(l.failures, failedRequest{gateway, method, path, began, time.Now(), resp.StatusCode, resp.Status})
	}
}

// snapshot returns the number of requests sent and the failures so far.
func (l *requestLog) snapshot() (sent int, failures []failedRequest) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, n := range l.sent {
		sent += n
	}
	return sent, append([]failedRequest(nil), l.failures...)
}
