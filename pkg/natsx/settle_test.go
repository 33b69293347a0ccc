package natsx_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/assert"

	"github.com/vidhost/vidhost/pkg/natsx"
)

func TestBackoffDoublesUpToItsMax(t *testing.T) {
	b := natsx.Backoff{Min: time.Second, Max: 30 * time.Second}
	for delivered, want := range map[uint64]time.Duration{
		0: time.Second, 1: time.Second, 2: 2 * time.Second, 3: 4 * time.Second, 5: 16 * time.Second,
		6: 30 * time.Second, 1000: 30 * time.Second,
	} {
		assert.Equal(t, want, b.After(delivered), "after delivery %d", delivered)
	}
}

func TestEmptyPullIsNoFailure(t *testing.T) {
	for _, err := range []error{nats.ErrTimeout, jetstream.ErrNoMessages, context.DeadlineExceeded,
		fmt.Errorf("fetch: %w", context.Canceled)} {
		assert.True(t, natsx.EmptyPull(err), "%v", err)
	}
	assert.False(t, natsx.EmptyPull(nats.ErrConnectionClosed))
	assert.False(t, natsx.EmptyPull(errors.New("permissions violation")))
}
