package e2e

import (
	"context"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/blob"
)

// Deleting a video deletes its media: the catalog's consumer of
// video.deleted empties videos/<account>/<video>/ and deletes the upload
// its source came from, a moment after the DELETE answers.

// storedKeys lists the keys under prefix in the suite's blob store,
// whatever its driver.
func storedKeys(t *testing.T, prefix string) []string {
	t.Helper()
	store, err := blob.Open(context.Background(), suiteOf(t).Blob().Config())
	require.NoError(t, err)
	var keys []string
	for info, err := range store.List(context.Background(), prefix) {
		require.NoError(t, err)
		keys = append(keys, info.Key)
	}
	return keys
}

// mediaPrefix is a video's media folder in the blob store.
func mediaPrefix(t testing.TB, videoID string) string {
	return "videos/" + suiteOf(t).Credentials.AccountID + "/" + videoID + "/"
}

// addTrackAndThumbnail stores a track and a custom thumbnail in the video's
// media folder.
func addTrackAndThumbnail(t *testing.T, videoID string) {
	t.Helper()
	track, _ := uploadForVideo(t, "english.vtt", []byte(trackCaptions))
	mustOK(t, call(t, "POST", "/v2/videos/"+videoID+"/tracks", ownerOf(t),
		map[string]any{"label": "English", "language": "en", "kind": "captions", "url": track}))
	poster, _ := uploadForVideo(t, "poster.jpg", jpegWithSize(t, 5000))
	mustOK(t, call(t, "POST", "/v2/videos/"+videoID+"/thumbnail", ownerOf(t), map[string]any{"url": poster}))
}

// deleteAndWaitEmpty deletes the video, then waits (30 s at most) until
// nothing is left of its media folder and its source.
func deleteAndWaitEmpty(t *testing.T, videoID, sourceKey string) {
	t.Helper()
	mustOK(t, call(t, "DELETE", "/v2/videos/"+videoID, ownerOf(t), nil))
	mustFail(t, call(t, "GET", "/v2/videos/"+videoID, ownerOf(t), nil), http.StatusNotFound, "Not found")
	deadline := time.Now().Add(30 * time.Second)
	for {
		left := storedKeys(t, mediaPrefix(t, videoID))
		_, sourceErr := storedObject(t, sourceKey)
		if len(left) == 0 && sourceErr != nil {
			require.ErrorIs(t, sourceErr, blob.ErrNotFound)
			return
		}
		require.True(t, time.Now().Before(deadline), "still stored after 30 s: %v (source: %v)", left, sourceErr)
		time.Sleep(100 * time.Millisecond)
	}
}

// TestDeletingAVideoDeletesItsFiles: a video made from an upload, with a
// track and a custom thumbnail, leaves nothing behind (no worker: the
// source stays untranscoded). It runs on S3 too (storageTests).
func TestDeletingAVideoDeletesItsFiles(t *testing.T) {
	ref, sourceKey := uploadForVideo(t, "clip.mp4", randomBytes(t, 4096))
	created := createVideo(t, map[string]any{"name": "Deleted", "input": ref})
	addTrackAndThumbnail(t, created.ID)
	require.Len(t, storedKeys(t, mediaPrefix(t, created.ID)), 2, "a track and a thumbnail")
	_, err := storedObject(t, sourceKey)
	require.NoError(t, err, "the source is kept while the video is")

	deleteAndWaitEmpty(t, created.ID, sourceKey)
}

// TestDeletingATranscodedVideoDeletesItsMedia runs a real worker on a 2 s
// 320x180 clip until the video is ready, then deletes it: outputs, sprite,
// thumbnails, track and source all go. About 3 s on two cores.
func TestDeletingATranscodedVideoDeletesItsMedia(t *testing.T) {
	t.Parallel() // on a suite of its own (suites_test.go)
	clip := makeClip(t, 320, 180, 2)
	withSuite(t, newSuite(t, 1), "local", func() {
		data, err := os.ReadFile(clip)
		require.NoError(t, err)
		ref, sourceKey := uploadForVideo(t, "clip.mp4", data)
		created := createVideo(t, map[string]any{"name": "Transcoded, then deleted", "input": ref})
		waitReady(t, created.ID)
		addTrackAndThumbnail(t, created.ID)
		stored := strings.Join(storedKeys(t, mediaPrefix(t, created.ID)), " ")
		for _, part := range []string{"/stream/", "/mp4/", "/tracks/", "/thumbs/"} {
			require.Contains(t, stored, part, "the video has media to delete")
		}

		deleteAndWaitEmpty(t, created.ID, sourceKey)
	})
}
