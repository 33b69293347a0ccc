package app

import (
	"context"
	"encoding/json"
	"net/http"
	"sync"
	"time"

	healthpb "google.golang.org/grpc/health/grpc_health_v1"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/envelope"
)

// healthTimeout bounds a probe: a backend slower than this is not healthy.
const healthTimeout = 2 * time.Second

// healthHandler answers GET /healthz without authentication: 200 when every
// backend's gRPC health check reports SERVING (result: each one's state),
// else 503 with an error naming each backend that is not.
func healthHandler(conns []conn) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			envelope.WriteError(w, apperr.CodeMethodNotAllowed, "")
			return
		}
		states := checkBackends(r.Context(), conns)
		env := envelope.Success(nil, nil)
		env.Result, _ = json.Marshal(states)
		for _, c := range conns {
			if states[c.name] != healthpb.HealthCheckResponse_SERVING.String() {
				env.Success = false
				env.Errors = append(env.Errors, envelope.NewError(apperr.CodeUnavailable, c.name+": "+states[c.name]))
			}
		}
		if !env.Success {
			env.Result = json.RawMessage(`{}`) // failures carry their detail in errors
			envelope.Write(w, http.StatusServiceUnavailable, env)
			return
		}
		envelope.Write(w, http.StatusOK, env)
	})
}

// checkBackends asks every backend at once and returns each one's state.
func checkBackends(ctx context.Context, conns []conn) map[string]string {
	ctx, cancel := context.WithTimeout(ctx, healthTimeout)
	defer cancel()
	var (
		mu     sync.Mutex
		wg     sync.WaitGroup
		states = make(map[string]string, len(conns))
	)
	for _, c := range conns {
		wg.Go(func() {
			state := "UNAVAILABLE"
			resp, err := healthpb.NewHealthClient(c.ClientConn).Check(ctx, &healthpb.HealthCheckRequest{})
			if err == nil {
				state = resp.GetStatus().String()
			}
			mu.Lock()
			states[c.name] = state
			mu.Unlock()
		})
	}
	wg.Wait()
	return states
}
