package browsertest

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/internal/playback/playbacktest"
	"github.com/vidhost/vidhost/gateway/web/browsertest"
	"github.com/vidhost/vidhost/pkg/ids"
	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"
)

const account = "account-a"

// streamVideo stores the generated stream in a new video's media folder
// (under hls/) and registers the video with the fake catalog, together with
// an autoplaying, muted player of the same account (id returned).
func streamVideo(t testing.TB, e *playbacktest.Edge, privacy string) (*catalogv1.PlaybackVideo, string) {
	t.Helper()
	v := &catalogv1.PlaybackVideo{
		VideoId: ids.New(), AccountId: account, Privacy: privacy, Enabled: true, Status: "ready", Type: "vod",
		Name: "Test pattern", Duration: browsertest.MediaSeconds,
		Outputs:         []*catalogv1.PlaybackOutput{{Label: "HLS", Path: "hls/master.m3u8"}},
		SpritePath:      "hls/sprite.jpg",
		SpriteIndexPath: "hls/sprite.vtt",
		Tracks:          []*catalogv1.Track{{Id: "t1", Kind: "captions", Label: "English", Language: "en", Url: "hls/captions.en.vtt"}},
	}
	dir := browsertest.TestMedia(t)
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		e.PutFile(t, account, v.GetVideoId(), "hls/"+filepath.ToSlash(rel), data)
		return nil
	})
	require.NoError(t, err)
	e.Backends.Catalog.PutVideo(v)
	player := ids.New()
	e.Backends.Catalog.PutPlayer(account, &catalogv1.Player{Id: player, Autoplay: true, Muted: true, Playsinline: true, Preload: true})
	return v, player
}
