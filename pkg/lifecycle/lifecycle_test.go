package lifecycle

import (
	"context"
	"errors"
	"log/slog"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestShutdownRunsNewestFirstAndEveryStep(t *testing.T) {
	var order []string
	s := New(slog.New(slog.DiscardHandler))
	for _, name := range []string{"pool", "nats", "grpc"} {
		s.Push(name, func(context.Context) error {
			order = append(order, name)
			if name == "nats" {
				return errors.New("boom")
			}
			return nil
		})
	}
	err := s.Shutdown(context.Background())
	assert.EqualError(t, err, "boom")
	assert.Equal(t, []string{"grpc", "nats", "pool"}, order)
	assert.NoError(t, s.Shutdown(context.Background()), "a second shutdown has nothing left to do")
}
