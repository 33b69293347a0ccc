package store_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/services/analytics/internal/views"
)

// The replay windows are stored by views.ViewerKey.Hash, and migration
// 00005 carried the old windows over with the SQL function viewer_key: the
// two must agree, or a window carried over would never be found.
func TestViewerKeyHashMatchesSQL(t *testing.T) {
	t.Parallel()
	f := setup(t)
	keys := []views.ViewerKey{
		{AccountID: accountA, VideoID: "V1StGXR8_Z5jdHi6B-myT", ViewerID: "0b8f6d5e-2c1a-4e7b-9f3d-1a2b3c4d5e6f"},
		{AccountID: accountB, VideoID: "v", ViewerID: "x"},
		{AccountID: "ab", VideoID: "c", ViewerID: "d"},
		{AccountID: "a", VideoID: "bc", ViewerID: "d"}, // the separators keep these apart
	}
	seen := map[int64]bool{}
	for _, key := range keys {
		var fromSQL int64
		require.NoError(t, f.pool.QueryRow(t.Context(), `SELECT viewer_key($1, $2, $3)`,
			key.AccountID, key.VideoID, key.ViewerID).Scan(&fromSQL))
		assert.Equal(t, fromSQL, key.Hash(), "%+v", key)
		assert.False(t, seen[fromSQL], "%+v collides", key)
		seen[fromSQL] = true
	}
}
