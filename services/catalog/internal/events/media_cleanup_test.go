package events

import (
	"context"
	"errors"
	"log/slog"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
)

func TestDecodeVideoDeleted(t *testing.T) {
	tests := []struct {
		name    string
		data    string
		want    catalog.DeletedMedia
		wantErr error
	}{
		{"from an upload", `{"meta": {"account_id": "a"}, "video": {"id": "` + videoID + `"}, "source_object_key": "uploads/a/u/source.mp4"}`,
			catalog.DeletedMedia{AccountID: "a", VideoID: videoID, SourceObjectKey: "uploads/a/u/source.mp4"}, nil},
		{"from a URL", `{"meta": {"account_id": "a"}, "video": {"id": "` + videoID + `"}}`,
			catalog.DeletedMedia{AccountID: "a", VideoID: videoID}, nil},
		{"no video id", `{"meta": {"account_id": "a"}, "video": {}}`, catalog.DeletedMedia{}, errNoVideoID},
		{"no account", `{"video": {"id": "` + videoID + `"}}`, catalog.DeletedMedia{}, errNoAccount},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := DecodeVideoDeleted([]byte(tt.data))
			if tt.wantErr != nil {
				assert.ErrorIs(t, err, tt.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
	_, err := DecodeVideoDeleted([]byte("not json"))
	assert.Error(t, err)
}

// TestCleanupRetriesStorageFailures: a clean-up the store failed is
// delivered again after a delay, until it passes.
func TestCleanupRetriesStorageFailures(t *testing.T) {
	js, _ := setupBus(t)
	calls := make(chan catalog.DeletedMedia, 2)
	failures := []error{errors.New("storage is down")}
	cleanup := func(_ context.Context, m catalog.DeletedMedia, _ func()) error {
		calls <- m
		if len(failures) > 0 {
			err := failures[0]
			failures = failures[1:]
			return err
		}
		return nil
	}
	stop, err := StartMediaCleanupConsumer(t.Context(), js, cleanup, slog.New(slog.DiscardHandler))
	require.NoError(t, err)
	t.Cleanup(stop)

	_, err = js.Publish(t.Context(), natsx.SubjectVideoDeleted, []byte(`{"meta": {"account_id": "a"}, "video": {"id": "`+videoID+`"}}`))
	require.NoError(t, err)

	for attempt := 1; attempt <= 2; attempt++ {
		select {
		case m := <-calls:
			assert.Equal(t, videoID, m.VideoID)
		case <-time.After(20 * time.Second):
			t.Fatalf("attempt %d never came", attempt)
		}
	}
	consumer, err := js.Consumer(t.Context(), natsx.StreamNameCatalog, MediaCleanupConsumerName)
	require.NoError(t, err)
	require.Eventually(t, func() bool {
		info, err := consumer.Info(t.Context())
		return err == nil && info.AckFloor.Stream == 1
	}, 10*time.Second, 10*time.Millisecond, "acknowledged once it passed")
}
