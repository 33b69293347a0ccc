package lifecycle

import (
	"context"
	"errors"
	"log/slog"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRunShutsDownWhateverStartReturns(t *testing.T) {
	startErr, stopErr := errors.New("start failed"), errors.New("stop failed")
	tests := []struct {
		name      string
		start     error
		stop      error
		wantError []error
	}{
		{"clean", nil, nil, nil},
		{"start fails", startErr, nil, []error{startErr}},
		{"both fail", startErr, stopErr, []error{startErr, stopErr}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			stopped := false
			err := Run(ctx, slog.New(slog.DiscardHandler), ShutdownTimeout, func(s *Stack) error {
				s.Push("step", func(stopCtx context.Context) error {
					require.NoError(t, stopCtx.Err(), "the shutdown outlives the canceled ctx")
					_, hasDeadline := stopCtx.Deadline()
					assert.True(t, hasDeadline)
					stopped = true
					return tt.stop
				})
				cancel()
				return tt.start
			})
			assert.True(t, stopped)
			for _, want := range tt.wantError {
				assert.ErrorIs(t, err, want)
			}
			if tt.wantError == nil {
				assert.NoError(t, err)
			}
		})
	}
}
