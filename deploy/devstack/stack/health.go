package stack

import (
	"context"
	"fmt"
	"net/http"
	"time"
)

// waitHealthy polls the gateway's /healthz until every backend answers.
func (s *Stack) waitHealthy(ctx context.Context) error {
	deadline := time.Now().Add(startTimeout)
	client := &http.Client{Timeout: 2 * time.Second}
	for time.Now().Before(deadline) {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, s.URL+"/healthz", nil)
		if resp, err := client.Do(req); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		select {
		case err := <-s.failed:
			return err
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
	}
	return fmt.Errorf("gateway at %s not healthy within %s", s.URL, startTimeout)
}
