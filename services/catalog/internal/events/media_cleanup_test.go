package events

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

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
