package grpcx

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"google.golang.org/grpc"
)

func TestEveryCallGetsABoundedDeadline(t *testing.T) {
	tests := []struct {
		name     string
		ctx      func() (context.Context, context.CancelFunc)
		atMostIn time.Duration
	}{
		{"none sent", func() (context.Context, context.CancelFunc) { return context.WithCancel(context.Background()) }, time.Second},
		{"a longer one", func() (context.Context, context.CancelFunc) {
			return context.WithTimeout(context.Background(), time.Hour)
		}, time.Second},
		{"a shorter one is kept", func() (context.Context, context.CancelFunc) {
			return context.WithTimeout(context.Background(), 100*time.Millisecond)
		}, 100 * time.Millisecond},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := tt.ctx()
			defer cancel()
			var remaining time.Duration
			handler := func(ctx context.Context, _ any) (any, error) {
				deadline, ok := ctx.Deadline()
				assert.True(t, ok, "the handler has a deadline")
				remaining = time.Until(deadline)
				return nil, nil
			}
			_, _ = deadlineUnary(time.Second)(ctx, nil, &grpc.UnaryServerInfo{}, handler)
			assert.LessOrEqual(t, remaining, tt.atMostIn)
			assert.Positive(t, remaining)
		})
	}
}
