package idempotency

import (
	"context"
	"slices"
	"sync"
)

// calls collects the backend methods one request calls: the grpc-gateway
// names each before calling it (NoteCall), and the middleware stores them
// with the answer, for mayCall to check before a replay.
type calls struct {
	mu      sync.Mutex
	methods []string
}

type callsKey struct{}

// withCalls returns ctx collecting the backend calls made under it.
func withCalls(ctx context.Context) (context.Context, *calls) {
	c := &calls{}
	return context.WithValue(ctx, callsKey{}, c), c
}

// NoteCall records that the request of ctx calls the backend method (a
// gRPC full method name); a no-op for a request without Idempotency-Key.
func NoteCall(ctx context.Context, method string) {
	c, ok := ctx.Value(callsKey{}).(*calls)
	if !ok || method == "" {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if !slices.Contains(c.methods, method) {
		c.methods = append(c.methods, method)
	}
}

func (c *calls) list() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(c.methods)
}
