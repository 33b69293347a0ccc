package transcribe_test

import (
	"io"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/speechtest"
	"github.com/vidhost/vidhost/services/transcode/internal/speech"
	"github.com/vidhost/vidhost/services/transcode/internal/transcribe"
)

// TestRunnerStoresTheTrack runs a job from the blob store to the blob store
// on the spoken fixture. About 5 s.
func TestRunnerStoresTheTrack(t *testing.T) {
	if testing.Short() {
		t.Skip("runs ffmpeg, flite and pocketsphinx")
	}
	store, err := blob.NewLocal(blob.Config{Dir: t.TempDir()})
	require.NoError(t, err)
	fixture, err := speechtest.Make(t.Context(), t.TempDir())
	require.NoError(t, err)
	account, video := ids.New(), ids.New()
	sourceKey, err := blob.VideoKey(account, video, "mp4/720p.mp4")
	require.NoError(t, err)
	putFile(t, store, sourceKey, fixture.Video)

	runner := &transcribe.Runner{Store: store, WorkDir: t.TempDir(),
		Config: transcribe.Config{FFmpeg: "ffmpeg", Engine: speech.Pocketsphinx{}}}
	j := transcribe.Job{ID: ids.New(), AccountID: account, VideoID: video, SourceKey: sourceKey, Language: "en-US"}
	done, err := runner.Run(t.Context(), j)
	require.NoError(t, err)

	wantKey, err := blob.VideoKey(account, video, "transcribes/"+j.ID+".vtt")
	require.NoError(t, err)
	assert.Equal(t, wantKey, done.VTTKey)
	assert.Positive(t, done.CueCount)
	body, _, err := store.Open(t.Context(), done.VTTKey)
	require.NoError(t, err)
	defer body.Close()
	vtt, err := io.ReadAll(body)
	require.NoError(t, err)
	assert.Contains(t, string(vtt), "WEBVTT\n\n00:00:0")
	assert.Contains(t, string(vtt), "umbrella")

	t.Run("a language the engine lacks", func(t *testing.T) {
		j.Language = "de-DE"
		_, err := runner.Run(t.Context(), j)
		assert.ErrorIs(t, err, speech.ErrUnsupportedLanguage)
	})
	t.Run("a dead job's directory is swept", func(t *testing.T) {
		require.NoError(t, os.Mkdir(runner.WorkDir+"/transcribe-dead", 0o750))
		require.NoError(t, os.WriteFile(runner.WorkDir+"/keep", nil, 0o600))
		require.NoError(t, transcribe.SweepWorkDir(runner.WorkDir))
		assert.NoDirExists(t, runner.WorkDir+"/transcribe-dead")
		assert.FileExists(t, runner.WorkDir+"/keep", "only transcribe directories go")
	})
	t.Run("a missing source", func(t *testing.T) {
		j.SourceKey = sourceKey + ".gone"
		_, err := runner.Run(t.Context(), j)
		assert.ErrorIs(t, err, blob.ErrNotFound)
	})
}

func putFile(t *testing.T, store blob.Store, key, path string) {
	t.Helper()
	f, err := os.Open(path) //nolint:gosec // G304: the test's own fixture
	require.NoError(t, err)
	defer f.Close()
	info, err := f.Stat()
	require.NoError(t, err)
	require.NoError(t, store.Put(t.Context(), key, f, info.Size(), "video/mp4"))
}
