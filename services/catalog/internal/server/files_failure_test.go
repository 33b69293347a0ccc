package server_test

import (
	"path"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"

	"github.com/vidhost/vidhost/pkg/grpcx/grpcxtest"
)

// refuseVideoUpdates makes PostgreSQL fail every UPDATE of a video until
// the test ends, so a change fails after its file was stored.
func (b testBundle) refuseVideoUpdates(t *testing.T) {
	t.Helper()
	pool := b.db.Pool(t)
	_, err := pool.Exec(t.Context(), `
		CREATE FUNCTION refuse_video_updates() RETURNS trigger LANGUAGE plpgsql AS
			$$ BEGIN RAISE EXCEPTION 'test: video updates are refused'; END $$;
		CREATE TRIGGER refuse_video_updates BEFORE UPDATE ON videos
			FOR EACH ROW EXECUTE FUNCTION refuse_video_updates();`)
	require.NoError(t, err)
}

// When the database refuses the change, the file already copied into the
// video's media folder is deleted again: nothing is left half-written.
func TestAFailedChangeLeavesNoFile(t *testing.T) {
	t.Parallel()
	b := setup(t)
	v := createVideo(t, b, b.alice, "V")
	b.refuseVideoUpdates(t)

	track, trackUpload := b.uploads.upload(t, b.alice, "en.vtt", []byte(captions))
	_, err := b.client.CreateTrack(as(t, b.alice), trackRequest(v.GetId(), track))
	grpcxtest.RequireStatus(t, err, codes.Internal, "internal error")
	thumbnail, thumbnailUpload := b.uploads.upload(t, b.alice, "poster.jpg", jpegOfSize(t, 3000))
	_, err = setThumbnail(t, b, v.GetId(), thumbnail)
	grpcxtest.RequireStatus(t, err, codes.Internal, "internal error")

	assert.Empty(t, b.keys(t, mediaFolder(b.alice, v.GetId())), "no file is left for the video")
	assert.Empty(t, b.keys(t, path.Dir(trackUpload)+"/"), "the consumed upload is deleted")
	assert.Empty(t, b.keys(t, path.Dir(thumbnailUpload)+"/"), "the consumed upload is deleted")
	got := getVideo(t, b, b.alice, v.GetId())
	assert.Empty(t, got.GetTracks())
	assert.Empty(t, got.GetThumbnail())
}
