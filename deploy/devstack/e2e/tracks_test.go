package e2e

import (
	"bytes"
	"context"
	"encoding/binary"
	"image"
	"image/jpeg"
	"image/png"
	"io"
	"net/http"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/blob"
)

// Tracks and thumbnails: files sent as uploads (POST /v2/uploads + PUT),
// attached by reference, checked and copied by the catalog into the
// video's media folder. Another account's upload cannot be made here (the
// suite has one account); the catalog's tests cover it.

// trackCaptions is a small WebVTT file.
const trackCaptions = "WEBVTT\n\n00:00:01.000 --> 00:00:04.000\nHello from e2e\n"

type attachedTrack struct {
	ID       string `json:"id"`
	Kind     string `json:"kind"`
	Label    string `json:"label"`
	Language string `json:"language"`
	URL      string `json:"url"`
}

// videoFiles is the part of a Video these tests read.
type videoFiles struct {
	ID        string          `json:"id"`
	Thumbnail string          `json:"thumbnail"`
	Tracks    []attachedTrack `json:"tracks"`
}

// newVodForFiles creates a vod (its source is never transcoded here).
func newVodForFiles(t *testing.T) videoFiles {
	t.Helper()
	var v videoFiles
	body := map[string]any{"name": "files e2e", "input": "https://media.example.invalid/source.mp4"}
	mustOK(t, call(t, "POST", "/v2/videos", ownerOf(t), body)).decode(t, &v)
	require.Len(t, v.ID, 21)
	return v
}

// uploadForVideo sends data as an upload called name and returns its
// reference and object key.
func uploadForVideo(t *testing.T, name string, data []byte) (string, string) {
	t.Helper()
	u := createUpload(t, name, len(data))
	require.Equal(t, http.StatusOK, put(t, u.URL, data))
	return "svc://uploads/" + u.ID, u.Key
}

// storedObject reads a key of the suite's blob store, whatever its driver.
func storedObject(t *testing.T, key string) ([]byte, error) {
	t.Helper()
	store, err := blob.Open(context.Background(), suiteOf(t).Blob().Config())
	require.NoError(t, err)
	r, _, err := store.Open(context.Background(), key)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return io.ReadAll(r)
}

// fetchMedia GETs a media URL with no credential (the video is unlisted).
func fetchMedia(t *testing.T, url string) (int, []byte) {
	t.Helper()
	resp, err := http.Get(url)
	require.NoError(t, err)
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp.StatusCode, body
}

func TestTrackFromAnUploadedWebVTT(t *testing.T) {
	v := newVodForFiles(t)
	reference, uploadKey := uploadForVideo(t, "english.vtt", []byte(trackCaptions))

	var track attachedTrack
	mustOK(t, call(t, "POST", "/v2/videos/"+v.ID+"/tracks", ownerOf(t),
		map[string]any{"label": "English", "language": "en", "kind": "captions", "url": reference})).decode(t, &track)

	assert.Equal(t, attachedTrack{ID: track.ID, Kind: "captions", Label: "English", Language: "en",
		URL: suiteOf(t).URL + "/media/" + v.ID + "/tracks/" + track.ID + ".vtt"}, track)
	var got videoFiles
	mustOK(t, call(t, "GET", "/v2/videos/"+v.ID, ownerOf(t), nil)).decode(t, &got)
	assert.Equal(t, []attachedTrack{track}, got.Tracks, "the video shows its track")
	storedKey := "videos/" + suiteOf(t).Credentials.AccountID + "/" + v.ID + "/tracks/" + track.ID + ".vtt"
	stored, err := storedObject(t, storedKey)
	require.NoError(t, err)
	assert.Equal(t, trackCaptions, string(stored), "copied into the video's media folder")
	_, err = storedObject(t, uploadKey)
	assert.ErrorIs(t, err, blob.ErrNotFound, "the consumed upload is deleted")
	status, body := fetchMedia(t, track.URL)
	assert.Equal(t, http.StatusOK, status, "the media edge serves the stored file")
	assert.Equal(t, trackCaptions, string(body))

	mustFail(t, call(t, "POST", "/v2/videos/"+v.ID+"/tracks", ownerOf(t),
		map[string]any{"label": "English", "language": "en", "kind": "captions", "url": reference}),
		http.StatusBadRequest, "url references an upload that is not complete")
	mustOK(t, call(t, "DELETE", "/v2/videos/"+v.ID+"/tracks/"+track.ID, ownerOf(t), nil))
	mustOK(t, call(t, "GET", "/v2/videos/"+v.ID, ownerOf(t), nil)).decode(t, &got)
	assert.Empty(t, got.Tracks)
	_, err = storedObject(t, storedKey)
	assert.ErrorIs(t, err, blob.ErrNotFound, "the file goes with the track")
	mustFail(t, call(t, "DELETE", "/v2/videos/"+v.ID+"/tracks/"+track.ID, ownerOf(t), nil), http.StatusNotFound, "Not found")
}

func TestTrackRefusals(t *testing.T) {
	v := newVodForFiles(t)
	body := func(url string) map[string]any {
		return map[string]any{"label": "English", "language": "en", "kind": "captions", "url": url}
	}
	mustFail(t, call(t, "POST", "/v2/videos/"+v.ID+"/tracks", ownerOf(t), body("https://example.com/en.vtt")),
		http.StatusBadRequest, "url must be an upload reference svc://uploads/<upload_id>: tracks cannot be pulled from a URL")
	srt, _ := uploadForVideo(t, "english.vtt", []byte("1\n00:00:01,000 --> 00:00:04,000\nHello\n"))
	mustFail(t, call(t, "POST", "/v2/videos/"+v.ID+"/tracks", ownerOf(t), body(srt)),
		http.StatusBadRequest, `url must reference a WebVTT file: it does not start with "WEBVTT"`)
	valid, _ := uploadForVideo(t, "english.vtt", []byte(trackCaptions))
	bad := body(valid)
	bad["language"] = "english"
	mustFail(t, call(t, "POST", "/v2/videos/"+v.ID+"/tracks", ownerOf(t), bad),
		http.StatusBadRequest, "language must be a BCP 47 language tag")
	mustOK(t, call(t, "POST", "/v2/videos/"+v.ID+"/tracks", ownerOf(t), body(valid)))
	regional, _ := uploadForVideo(t, "brazil.vtt", []byte(trackCaptions))
	tagged := body(regional)
	tagged["language"] = "pt-br"
	var track struct {
		Language string `json:"language"`
	}
	mustOK(t, call(t, "POST", "/v2/videos/"+v.ID+"/tracks", ownerOf(t), tagged)).decode(t, &track)
	assert.Equal(t, "pt-BR", track.Language, "BCP 47 tags are taken and kept in canonical form")
}

func TestThumbnailFromAnUploadedJPEG(t *testing.T) {
	v := newVodForFiles(t)
	thumbnail := func(data []byte) response {
		reference, _ := uploadForVideo(t, "poster.jpg", data)
		return call(t, "POST", "/v2/videos/"+v.ID+"/thumbnail", ownerOf(t), map[string]any{"url": reference})
	}

	mustFail(t, thumbnail(pngImage(t)), http.StatusBadRequest, "url must reference a JPEG image: the file is not a valid JPEG")
	mustFail(t, thumbnail(jpegWithSize(t, 101*1024)), http.StatusBadRequest, "url must reference a JPEG image under 100 KB")
	small := jpegWithSize(t, 5000)
	var result map[string]string
	mustOK(t, thumbnail(small)).decode(t, &result)

	pattern := regexp.MustCompile(`^` + regexp.QuoteMeta(suiteOf(t).URL+"/media/"+v.ID+"/") + `thumbs/custom-[0-9A-Za-z_-]{21}\.jpg$`)
	assert.Regexp(t, pattern, result["url"])
	assert.Len(t, result, 1, "the result is {url}")
	var got videoFiles
	mustOK(t, call(t, "GET", "/v2/videos/"+v.ID, ownerOf(t), nil)).decode(t, &got)
	assert.Equal(t, result["url"], got.Thumbnail)
	status, body := fetchMedia(t, result["url"])
	assert.Equal(t, http.StatusOK, status, "the media edge serves the stored file")
	assert.Equal(t, small, body)
}

// jpegWithSize is a real JPEG of exactly size bytes: a small image with
// comment segments after its start marker.
func jpegWithSize(t *testing.T, size int) []byte {
	t.Helper()
	var encoded bytes.Buffer
	require.NoError(t, jpeg.Encode(&encoded, image.NewGray(image.Rect(0, 0, 32, 18)), nil))
	out := append([]byte{}, encoded.Bytes()[:2]...)
	for missing := size - encoded.Len(); missing > 0; {
		segment := min(missing, 65537) // marker, length and at most 65533 bytes
		if rest := missing - segment; rest > 0 && rest < 4 {
			segment -= 4
		}
		header := []byte{0xFF, 0xFE, 0, 0}
		binary.BigEndian.PutUint16(header[2:], uint16(segment-2))
		out = append(append(out, header...), make([]byte, segment-4)...)
		missing -= segment
	}
	out = append(out, encoded.Bytes()[2:]...)
	require.Len(t, out, size)
	return out
}

func pngImage(t *testing.T) []byte {
	t.Helper()
	var out bytes.Buffer
	require.NoError(t, png.Encode(&out, image.NewGray(image.Rect(0, 0, 32, 18))))
	return out.Bytes()
}
