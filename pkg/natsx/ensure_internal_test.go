package natsx

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"testing"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/assert"
)

// A start waits out a cluster electing its leaders, not a refusal.
func TestClusterSettlingTellsWaitingFromRefusal(t *testing.T) {
	tests := []struct {
		err    error
		settle bool
	}{
		{fmt.Errorf("create: %w", nats.ErrTimeout), true},
		{context.DeadlineExceeded, true},
		{nats.ErrNoResponders, true},
		{&jetstream.APIError{Code: http.StatusServiceUnavailable, ErrorCode: 10008, Description: "JetStream system temporarily unavailable"}, true},
		{&jetstream.APIError{Code: http.StatusBadRequest, ErrorCode: 10058, Description: "stream name already in use with a different configuration"}, false},
		{errors.New("permissions violation"), false},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.settle, clusterSettling(tt.err), "%v", tt.err)
	}
}
