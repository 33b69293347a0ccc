package blob_test

import (
	"bytes"
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/blob"
)

// A Delete prunes the directories it leaves empty; a Put into the same
// directories at that moment must still land. It once failed with "mkdir
// …: no such file or directory" when the prune removed a parent MkdirAll
// had just made (a worker's late outputs racing a deleted video's clean-up).
func TestPutSurvivesAConcurrentPruneOfItsDirectories(t *testing.T) {
	s := newLocal(t, blob.Config{}).store
	ctx := context.Background()
	const rounds = 300
	var wg sync.WaitGroup
	wg.Go(func() {
		for i := range rounds {
			key := fmt.Sprintf("videos/v/stream/deep/other-%d", i)
			if assert.NoError(t, s.Put(ctx, key, bytes.NewReader([]byte("y")), 1, "")) {
				assert.NoError(t, s.Delete(ctx, key))
			}
		}
	})
	for i := range rounds {
		key := fmt.Sprintf("videos/v/stream/deep/kept-%d", i)
		require.NoError(t, s.Put(ctx, key, bytes.NewReader([]byte("x")), 1, ""))
		require.NoError(t, s.Delete(ctx, key))
	}
	wg.Wait()
}
