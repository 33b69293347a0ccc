package drill

import (
	"fmt"
	"net/http"
	"os"
	"strings"
	"sync"
	"text/tabwriter"
	"time"
)

// faultResult is one fault as it happened.
type faultResult struct {
	kind, target, notes string
	// killed is when SIGKILL was sent, dead when the process was reaped:
	// a request sent in between still reached the dying process.
	killed, dead, restarted, ready, settled time.Time
	// crashes counts the exits on its own while it started again.
	crashes int
	err     error
}

// window is when requests may be affected by the fault: from the kill
// until the settle pause after the part was ready again.
func (f faultResult) contains(t time.Time) bool {
	return !f.killed.IsZero() && !t.Before(f.killed.Add(-100*time.Millisecond)) && !t.After(f.settled)
}

// Report is what the drill saw.
type Report struct {
	plan  Plan
	start time.Time
	log   *requestLog

	mu           sync.Mutex
	videos       []string
	uploadErrors []error

	faults    []faultResult
	readyWait time.Duration
	sent      int
	failures  []failedRequest
	status    map[string]string
	events    eventCounts
	webhooks  webhookCounts
	stuck     []string
	crashed   []error
}

func (r *Report) videoIDs() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.videos...)
}

// failuresOf are the failed requests attributed to fault i: in flight on
// what it killed, or else begun while it lasted (from the kill until the
// pause after the restart).
func (r *Report) failuresOf(i int) []failedRequest {
	var out []failedRequest
	for _, fr := range r.failures {
		if r.faultOf(fr) == i {
			out = append(out, fr)
		}
	}
	return out
}

// faultOf is the index of the fault a failed request is attributed to, -1
// for none.
func (r *Report) faultOf(fr failedRequest) int {
	for i, f := range r.faults {
		if f.inFlight(fr) {
			return i
		}
	}
	for i, f := range r.faults {
		if f.contains(fr.began) {
			return i
		}
	}
	return -1
}

// Table prints the faults, their recovery and the totals.
func (r *Report) Table() string {
	var b strings.Builder
	w := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(w, "fault\ttarget\tkilled at\tdown\tready after restart\trecovery (kill to ready)\trequests failed\tnotes")
	for i, f := range r.faults {
		if f.err != nil {
			fmt.Fprintf(w, "%s\t%s\t\t\t\t\t\tFAILED: %v\n", f.kind, f.target, f.err)
			continue
		}
		fmt.Fprintf(w, "%s\t%s\t+%s\t%s\t%s\t%s\t%d\t%s\n", f.kind, f.target, since(r.start, f.killed),
			since(f.killed, f.restarted), since(f.restarted, f.ready), since(f.killed, f.ready), len(r.failuresOf(i)), f.notes)
	}
	_ = w.Flush()
	counts := r.events
	inFlight := 0
	for _, fr := range r.failures {
		if i := r.faultOf(fr); i >= 0 && r.faults[i].inFlight(fr) {
			inFlight++
		}
	}
	fmt.Fprintf(&b, "\ntotals: %d API requests, %d failed (%d in flight on a killed gateway or replica, %d others); "+
		"%d videos uploaded (%d upload errors), all ready %s after the last fault\n",
		r.sent, len(r.failures), inFlight, len(r.failures)-inFlight, len(r.videos), len(r.uploadErrors), r.readyWait.Round(time.Millisecond))
	fmt.Fprintf(&b, "events: %d videos with video.created, %d with video.ready; %d duplicate events; %d redeliveries to the drill's consumer\n",
		len(counts.created), len(counts.ready), len(counts.duplicates), counts.redeliveries)
	fmt.Fprintf(&b, "webhooks on video.created: %d deliveries for %d videos; %d videos under more than one delivery id; %d deliveries repeated\n",
		r.webhooks.total, len(r.webhooks.ids), countOver(r.webhooks.ids, 1), sum(r.webhooks.repeats))
	crashes := 0
	for _, f := range r.faults {
		crashes += f.crashes
	}
	fmt.Fprintf(&b, "consumers holding messages at the end: %d; processes that died on their own: %d, and %d while restarting after a fault (started again)\n",
		len(r.stuck), len(r.crashed), crashes)
	for _, fr := range r.failures {
		fault := "no fault"
		if i := r.faultOf(fr); i >= 0 {
			fault = r.faults[i].kind
		}
		fmt.Fprintf(&b, "  failed during %s: %s\n", fault, fr)
	}
	return b.String()
}

func since(from, to time.Time) time.Duration { return to.Sub(from).Round(10 * time.Millisecond) }

// Problems are the drill's findings: every one fails it.
func (r *Report) Problems() []string {
	var problems []string
	for _, f := range r.faults {
		if f.err != nil {
			problems = append(problems, fmt.Sprintf("fault %s: %v", f.kind, f.err))
		}
	}
	for _, err := range r.uploadErrors {
		problems = append(problems, err.Error())
	}
	problems = append(problems, r.videoProblems()...)
	problems = append(problems, r.requestProblems()...)
	for _, s := range r.stuck {
		problems = append(problems, "consumer not drained: "+s)
	}
	for _, err := range r.crashed {
		problems = append(problems, err.Error())
	}
	return problems
}

// videoProblems: every uploaded video ready, with exactly one video.created
// and one video.ready; no event published twice; no video nobody uploaded.
func (r *Report) videoProblems() []string {
	var problems []string
	if n := len(r.videos); n != r.plan.Uploads {
		problems = append(problems, fmt.Sprintf("%d videos made of %d uploads", n, r.plan.Uploads))
	}
	uploaded := map[string]bool{}
	for _, id := range r.videoIDs() {
		uploaded[id] = true
		if s := r.status[id]; s != "ready" {
			problems = append(problems, fmt.Sprintf("video %s ends %q, not ready", id, s))
		}
		if n := r.events.created[id]; n != 1 {
			problems = append(problems, fmt.Sprintf("video %s: %d video.created events, not 1", id, n))
		}
		if n := r.events.ready[id]; n != 1 {
			problems = append(problems, fmt.Sprintf("video %s: %d video.ready events, not 1", id, n))
		}
		if n := r.webhooks.ids[id]; n != 1 {
			problems = append(problems, fmt.Sprintf("video %s: %d webhook deliveries of its video.created, not 1", id, n))
		}
		if n := r.webhooks.repeats[id]; n > 0 {
			problems = append(problems, fmt.Sprintf("video %s: its webhook delivered %d more times (no hooks replica was killed)", id, n))
		}
	}
	for id := range r.events.created {
		if !uploaded[id] {
			problems = append(problems, "video.created for a video the drill did not make: "+id)
		}
	}
	for _, id := range r.events.duplicates {
		problems = append(problems, "event published twice: "+id)
	}
	return problems
}

// requestProblems: a failed request is allowed only if it was in flight
// on the part a fault killed (faultResult.inFlight). Every other one is a
// finding.
func (r *Report) requestProblems() []string {
	var problems []string
	for _, fr := range r.failures {
		if i := r.faultOf(fr); i < 0 || !r.faults[i].inFlight(fr) {
			problems = append(problems, "request failed: "+fr.String())
		}
	}
	return problems
}

// replicaDisconnectGrace is how long after a service replica's death a
// gateway may still send a call on its connection to it, before the break
// reaches it through the balancer: a loopback reset, far less on an idle
// machine. A 503 begun later is the gateway failing fast while it
// reconnects, not a call in flight: a finding.
const replicaDisconnectGrace = 100 * time.Millisecond

// inFlight reports whether fr was in flight on the part f killed:
//   - a gateway: fr went to it, ended after the kill and began before the
//     new process started, without an answer (its connection broke). No new
//     connection reaches a dead gateway (they are refused, and the load
//     client sends those elsewhere), so such a request rode a connection
//     the kill broke: sent before the death, or on a kept-alive connection
//     whose end the client had not yet noticed;
//   - a service replica: fr began before the gateways' connections to it
//     broke (its death plus replicaDisconnectGrace) and ended after the
//     kill with a 503, the gateway's answer to gRPC's UNAVAILABLE.
//
// NATS servers and workers have no requests of their own in flight.
func (f faultResult) inFlight(fr failedRequest) bool {
	if f.killed.IsZero() || fr.ended.Before(f.killed) {
		return false
	}
	switch f.kind {
	case Gateway.Name:
		return f.target == fmt.Sprintf("gateway-%d", fr.gateway) && fr.status == 0 && fr.began.Before(f.restarted)
	case CatalogReplica.Name:
		return fr.status == http.StatusServiceUnavailable && fr.began.Before(f.dead.Add(replicaDisconnectGrace))
	}
	return false
}

func readFile(path string) ([]byte, error) { return os.ReadFile(path) } //nolint:gosec // G304: the drill's own clip

func countOver(m map[string]int, limit int) int {
	n := 0
	for _, v := range m {
		if v > limit {
			n++
		}
	}
	return n
}

func sum(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}
