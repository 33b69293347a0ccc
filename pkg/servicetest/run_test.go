package servicetest

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestStartReturnsTheReadyAddressAndStopsRunAtTheEnd(t *testing.T) {
	stopped := make(chan struct{})
	t.Run("service", func(t *testing.T) {
		addr := Start(t, func(ctx context.Context, ready func(string)) error {
			ready("127.0.0.1:1234")
			<-ctx.Done()
			close(stopped)
			return nil
		})
		assert.Equal(t, "127.0.0.1:1234", addr)
	})
	select {
	case <-stopped:
	default:
		t.Fatal("Run was not cancelled when the test ended")
	}
}
