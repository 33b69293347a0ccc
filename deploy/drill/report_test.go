package drill

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// The attribution rules of the drill's assertions, on made-up times: only a
// request in flight on the killed part may fail.
func TestFailedRequestsAreAllowedOnlyInFlightOnTheKilledPart(t *testing.T) {
	t0 := time.Date(2026, 11, 25, 0, 0, 0, 0, time.UTC)
	at := func(ms int) time.Time { return t0.Add(time.Duration(ms) * time.Millisecond) }
	r := &Report{plan: Plan{}, faults: []faultResult{
		{kind: Gateway.Name, target: "gateway-1", killed: at(1000), dead: at(1010), restarted: at(2000), ready: at(2200), settled: at(3200)},
		{kind: CatalogReplica.Name, target: "catalog-0", killed: at(5000), dead: at(5010), restarted: at(6000), ready: at(6500), settled: at(7500)},
		{kind: NATSNode.Name, target: "nats-0", killed: at(9000), dead: at(9010), restarted: at(10000), ready: at(12000), settled: at(13000)},
	}}
	cases := []struct {
		name    string
		request failedRequest
		allowed bool
		fault   int
	}{
		{"in flight on the killed gateway", failedRequest{gateway: 1, began: at(990), ended: at(1020), reason: "EOF"}, true, 0},
		{"sent while it was dying", failedRequest{gateway: 1, began: at(1005), ended: at(1020), reason: "EOF"}, true, 0},
		{"on the other gateway meanwhile", failedRequest{gateway: 0, began: at(1005), ended: at(1020), reason: "EOF"}, false, 0},
		{"on a kept-alive connection to the dead gateway", failedRequest{gateway: 1, began: at(1500), ended: at(1510), reason: "EOF"}, true, 0},
		{"an answer from the killed gateway", failedRequest{gateway: 1, began: at(990), ended: at(1020), status: 502, reason: "502 Bad Gateway"}, false, 0},
		{"a broken connection to the restarted gateway", failedRequest{gateway: 1, began: at(2100), ended: at(2110), reason: "EOF"}, false, 0},
		{"a 503 from the killed catalog's calls", failedRequest{gateway: 0, began: at(5050), ended: at(5100), status: 503, reason: "503 Service Unavailable"}, true, 1},
		{"a 503 failing fast after the catalog died", failedRequest{gateway: 0, began: at(5200), ended: at(6250), status: 503, reason: "503 Service Unavailable"}, false, 1},
		{"a 500 when the catalog died", failedRequest{gateway: 0, began: at(5050), ended: at(5100), status: 500, reason: "500 Internal Server Error"}, false, 1},
		{"anything during a NATS server's loss", failedRequest{gateway: 0, began: at(9500), ended: at(9600), status: 503, reason: "503 Service Unavailable"}, false, 2},
		{"outside every fault", failedRequest{gateway: 0, began: at(20000), ended: at(20010), reason: "EOF"}, false, -1},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r.failures = []failedRequest{tc.request}
			assert.Equal(t, tc.fault, r.faultOf(tc.request))
			if tc.allowed {
				assert.Empty(t, r.requestProblems())
			} else {
				assert.Len(t, r.requestProblems(), 1)
			}
		})
	}
}

func TestUploadsAreSpreadBeforeTheFaults(t *testing.T) {
	assert.Equal(t, []int{0, 4}, batch(6, 4, 0))
	assert.Equal(t, []int{3}, batch(6, 4, 3))
	total := 0
	for i := range 4 {
		total += len(batch(30, 4, i))
	}
	assert.Equal(t, 30, total)
}
