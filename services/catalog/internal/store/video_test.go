package store_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
)

// A video's lists survive the trip through their jsonb columns.
func TestVideoRoundTrip(t *testing.T) {
	t.Parallel()
	b := setup(t)
	v := catalog.VideoInput{Name: "Full", Tags: []string{"a"}}.Video()
	v.ID, v.Input, v.SourceObjectKey = ids.New(), "svc://uploads/x", "uploads/acct/x/a.mp4"
	v.Outputs = []catalog.MediaFile{{Label: "HLS", Path: "hls/master.m3u8"}}
	v.Thumbnail, v.Sprite, v.SpriteIndex = catalog.MediaFile{Path: "t.jpg"}, catalog.MediaFile{Path: "s.jpg"}, catalog.MediaFile{Path: "s.vtt"}
	v.Duration, v.Width, v.Height = 12.5, 1280, 720
	v.Tracks = []catalog.Track{{ID: "t", Kind: "captions", Label: "English", Language: "en", Path: "tracks/en.vtt"}}
	v.Cards = []catalog.Card{{ID: "c", Name: "n", At: 1, Until: 2, Skip: true, TopText: "t", BottomText: "b", Link: "https://e.com", LinkText: "l", Icon: "i"}}
	v.Gates = []catalog.Gate{{ID: "g", Name: "n", At: 3, Skip: true, TopText: "t", BottomText: "b", CheckboxText: "c", Fields: []string{"email"}}}
	v.Hotspots = []catalog.Hotspot{{ID: "h", Name: "n", At: 1, Until: 2, X: 1.5, Y: 2.5, Pitch: 0.1, Yaw: -0.2, Link: "https://e.com", Opacity: 0.3, Target: "_parent"}}
	v.Chapters = []catalog.Chapter{{ID: "ch", Name: "Intro", Start: "00:00:00"}}

	var stored catalog.Video
	err := b.store.InTx(t.Context(), func(tx catalog.Tx) error {
		var err error
		stored, err = tx.InsertVideo(t.Context(), account, "actor", v)
		return err
	})
	require.NoError(t, err)
	got, err := b.store.GetVideo(t.Context(), account, v.ID)
	require.NoError(t, err)

	v.AccountID, v.Audit = account, stored.Audit
	assert.Equal(t, v, got)
	_, err = b.store.GetVideo(t.Context(), "account-2", v.ID)
	assert.ErrorIs(t, err, apperr.ErrNotFound)
}

// ?search= is served by a trigram index when pg_trgm can be installed, as
// it can on the test cluster.
func TestNameSearchIsIndexed(t *testing.T) {
	t.Parallel()
	b := setup(t)
	var n int
	require.NoError(t, b.pool.QueryRow(t.Context(),
		`SELECT count(*) FROM pg_indexes WHERE schemaname = current_schema() AND indexname = 'videos_name_trgm_idx'`).Scan(&n))
	assert.Equal(t, 1, n)
}

// GET /v2/account/videos counts the account's videos and sums their
// durations; another account's videos are not counted.
func TestVideoUsage(t *testing.T) {
	t.Parallel()
	b := setup(t)
	insert := func(accountID, status string, event bool, duration float64) {
		v := catalog.VideoInput{Name: "v"}.Video()
		v.ID, v.Status, v.Duration = ids.New(), status, duration
		if event {
			v.Type = catalog.TypeEvent
		}
		require.NoError(t, b.store.InTx(t.Context(), func(tx catalog.Tx) error {
			_, err := tx.InsertVideo(t.Context(), accountID, "actor", v)
			return err
		}))
	}
	insert(account, "ready", false, 90)
	insert(account, "ready", false, 30.5)
	insert(account, "processing", false, 0)
	insert(account, "live", true, 0)
	insert("account-2", "ready", false, 600)

	got, err := b.store.VideoUsage(t.Context(), account)
	require.NoError(t, err)
	assert.Equal(t, catalog.VideoUsage{Videos: 4, ReadyVideos: 2, DurationSeconds: 120.5, LiveEvents: 1, LiveNow: 1}, got)
	got, err = b.store.VideoUsage(t.Context(), "account-3")
	require.NoError(t, err)
	assert.Equal(t, catalog.VideoUsage{}, got, "an account without videos")
}
