package password

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/status"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/envelope"
)

// holdSlots fills every slot of g until the test ends, and returns once
// they are all taken.
func holdSlots(t *testing.T, g *Gate, n int) {
	t.Helper()
	taken, done := make(chan struct{}), make(chan struct{})
	for range n {
		go func() {
			_ = g.Run(context.Background(), func() {
				taken <- struct{}{}
				<-done
			})
		}()
	}
	for range n {
		<-taken
	}
	t.Cleanup(func() { close(done) })
}

// A gate of one slot, taken: the next caller waits out its (tiny) wait and
// is refused as busy, which the edge answers 503 busy with Retry-After.
func TestGateRefusesWhenSaturated(t *testing.T) {
	g := NewGate(1, time.Millisecond)
	holdSlots(t, g, 1)

	ran := false
	err := g.Run(t.Context(), func() { ran = true })
	require.ErrorIs(t, err, ErrBusy)
	assert.False(t, ran, "a refused caller computes nothing")

	mapped := envelope.FromStatus(status.Convert(apperr.ToStatus(err)))
	assert.Equal(t, http.StatusServiceUnavailable, mapped.HTTPStatus)
	assert.Equal(t, apperr.CodeBusy, mapped.Error.Code)
	header := http.Header{}
	mapped.SetRetryAfter(header)
	assert.Equal(t, "1", header.Get("Retry-After"))
}

// A caller that waits gets the slot as soon as it is freed.
func TestGateQueuesUntilASlotFrees(t *testing.T) {
	g := NewGate(1, time.Hour) // the wait never runs out here: the slot frees first
	release := make(chan struct{})
	started := make(chan struct{})
	go func() {
		_ = g.Run(context.Background(), func() {
			close(started)
			<-release
		})
	}()
	<-started
	done := make(chan error)
	go func() { done <- g.Run(context.Background(), func() {}) }()
	close(release)
	require.NoError(t, <-done)
}

// A caller whose request ends while it waits leaves with ctx's error.
func TestGateWaitEndsWithTheRequest(t *testing.T) {
	g := NewGate(1, time.Hour)
	holdSlots(t, g, 1)
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	assert.ErrorIs(t, g.Run(ctx, func() {}), context.Canceled)
}

// Every slot runs at once; a gate of zero still has one.
func TestGateSize(t *testing.T) {
	g := NewGate(3, time.Millisecond)
	holdSlots(t, g, 3)
	assert.ErrorIs(t, g.Run(t.Context(), func() {}), ErrBusy)
	assert.Equal(t, 1, cap(NewGate(0, time.Second).slots))
}
