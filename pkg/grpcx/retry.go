package grpcx

import (
	"encoding/json"
	"slices"
	"strings"
)

// readRetries is how often a call that only reads is tried in all when the
// server it reached is unavailable: a replica killed (or drained) with the
// call in flight, or a connection that broke before the answer. gRPC
// retries such a call on another connection of the channel, after a short
// backoff, unless the server had begun to answer.
const readRetries = 3

// retryPolicy is gRPC's service config for the methods that read.
type retryPolicy struct {
	MaxAttempts          int      `json:"maxAttempts"`
	InitialBackoff       string   `json:"initialBackoff"`
	MaxBackoff           string   `json:"maxBackoff"`
	BackoffMultiplier    float64  `json:"backoffMultiplier"`
	RetryableStatusCodes []string `json:"retryableStatusCodes"`
}

type methodName struct {
	Service string `json:"service"`
	Method  string `json:"method"`
}

type methodConfig struct {
	Name        []methodName `json:"name"`
	RetryPolicy retryPolicy  `json:"retryPolicy"`
}

// readRetryConfig is the default service config of every connection Dial
// opens: the methods Policy says do not write are retried on UNAVAILABLE.
// A write is never retried: one the dead replica may have committed would
// be applied twice, so its caller sees the failure (and the /v2 client may
// repeat it with an Idempotency-Key). Built from Policy, so a new read
// method is retried without anyone listing it here.
func readRetryConfig(policy map[string]Rule) string {
	var names []methodName
	for fullMethod, rule := range policy {
		service, method, ok := strings.Cut(strings.TrimPrefix(fullMethod, "/"), "/")
		if rule.Write || !ok {
			continue
		}
		names = append(names, methodName{Service: service, Method: method})
	}
	slices.SortFunc(names, func(a, b methodName) int {
		return strings.Compare(a.Service+"/"+a.Method, b.Service+"/"+b.Method)
	})
	config := map[string]any{"methodConfig": []methodConfig{{
		Name: names,
		RetryPolicy: retryPolicy{
			MaxAttempts: readRetries, InitialBackoff: "0.05s", MaxBackoff: "0.5s",
			BackoffMultiplier: 2, RetryableStatusCodes: []string{"UNAVAILABLE"},
		},
	}}}
	data, err := json.Marshal(config)
	if err != nil {
		panic("grpcx: encode the retry config: " + err.Error()) // static types: cannot fail
	}
	return string(data)
}
