package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
	"github.com/vidhost/vidhost/services/catalog/internal/transcribes"
)

// queuedTranscribes stores a video of account and n queued transcribes of
// it, oldest first.
func (b testBundle) queuedTranscribes(t *testing.T, account string, n int) []catalog.Transcribe {
	t.Helper()
	v := catalog.VideoInput{Name: "Spoken"}.Video()
	v.ID = ids.New()
	var out []catalog.Transcribe
	require.NoError(t, b.store.InTx(t.Context(), func(tx catalog.Tx) error {
		_, err := tx.InsertVideo(t.Context(), account, "actor", v)
		return err
	}))
	for range n {
		// One transaction each: now() orders them.
		require.NoError(t, b.store.Transcribes().InTx(t.Context(), func(tx transcribes.Tx) error {
			tr, err := tx.InsertTranscribe(t.Context(), account, "actor", catalog.Transcribe{ID: ids.New(), VideoID: v.ID,
				Language: "en-US", Label: "English", Kind: "subtitles", Status: catalog.TranscribeQueued, SourceObjectKey: "k"})
			out = append(out, tr)
			return err
		}))
	}
	return out
}

func (b testBundle) dispatch(t *testing.T, ctx context.Context, account string, leaseStart time.Time) []string {
	t.Helper()
	var got []string
	require.NoError(t, b.store.InTx(ctx, func(tx catalog.Tx) error {
		due, err := tx.DispatchTranscribes(ctx, account, 1, time.Now(), leaseStart)
		for _, tr := range due {
			got = append(got, tr.ID)
		}
		return err
	}))
	return got
}

func TestDispatchTranscribesOneAtATime(t *testing.T) {
	t.Parallel()
	b := setup(t)
	queued := b.queuedTranscribes(t, account, 3)
	other := b.queuedTranscribes(t, "account-2", 1)
	lease := time.Now().Add(-time.Hour)

	assert.Equal(t, []string{queued[0].ID}, b.dispatch(t, t.Context(), account, lease), "the oldest")
	assert.Empty(t, b.dispatch(t, t.Context(), account, lease), "the account's slot is taken")
	assert.Equal(t, []string{other[0].ID}, b.dispatch(t, t.Context(), "account-2", lease), "another account's is free")
	// A job dispatched before the lease start is counted as lost.
	assert.Equal(t, []string{queued[1].ID}, b.dispatch(t, t.Context(), account, time.Now().Add(time.Hour)))
	// A settled transcribe frees its slot.
	require.NoError(t, b.store.Transcribes().InTx(t.Context(), func(tx transcribes.Tx) error {
		tr, err := tx.LockTranscribe(t.Context(), account, queued[1].ID)
		if err != nil {
			return err
		}
		tr.Status, tr.Error = catalog.TranscribeError, "cancelled"
		_, err = tx.UpdateTranscribe(t.Context(), account, "actor", tr)
		return err
	}))
	assert.Empty(t, b.dispatch(t, t.Context(), account, lease), "queued[0] still runs")
}

// A waiting transcribe another transaction holds (being cancelled) is
// skipped, not waited for: the dispatcher holds the account's lock, and
// waiting there could deadlock with the holder.
func TestDispatchTranscribesSkipsLockedRows(t *testing.T) {
	t.Parallel()
	b := setup(t)
	queued := b.queuedTranscribes(t, account, 2)
	held := make(chan struct{})
	release := make(chan struct{})
	done := make(chan error, 1)
	go func() {
		done <- b.store.Transcribes().InTx(context.Background(), func(tx transcribes.Tx) error {
			if _, err := tx.LockTranscribe(context.Background(), account, queued[0].ID); err != nil {
				return err
			}
			close(held)
			<-release
			return nil
		})
	}()
	select {
	case <-held:
	case err := <-done:
		t.Fatalf("the holder ended early: %v", err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	assert.Equal(t, []string{queued[1].ID}, b.dispatch(t, ctx, account, time.Now().Add(-time.Hour)))
	close(release)
	require.NoError(t, <-done)
}
