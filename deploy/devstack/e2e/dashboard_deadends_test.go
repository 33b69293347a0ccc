package e2e

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/protobuf/encoding/protojson"

	"github.com/vidhost/vidhost/gateway/web/browsertest"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/timefmt"
	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"
)

// TestDashboardHasNoDeadEnds walks issue 28's dead ends in headless
// Chromium, signed in as the owner, each on a list searched for its own
// video: a disabled private video's thumbnail loads in the list while the
// same URL without the session is refused; a failed video shows its
// reason in the list, and its page offers to upload again without embed
// code or editing sections; the analytics page names a deleted video so,
// without a request that 404s. Every page passes axe-core. About 15 s.
func TestDashboardHasNoDeadEnds(t *testing.T) {
	tab := signedInTab(t)
	t.Run("disabled video's thumbnail", func(t *testing.T) { disabledThumbnail(t, tab) })
	t.Run("failed video", func(t *testing.T) { failedVideo(t, tab) })
	t.Run("deleted video in analytics", func(t *testing.T) { deletedInAnalytics(t, tab) })
}

func disabledThumbnail(t *testing.T, tab context.Context) {
	name := uniqueWord(t, "disabled")
	v := createVideo(t, map[string]any{"name": name, "privacy": "private"})
	reference, _ := uploadForVideo(t, "poster.jpg", jpegWithSize(t, 5000))
	var thumbnail struct {
		URL string `json:"url"`
	}
	mustOK(t, call(t, "POST", "/v2/videos/"+v.ID+"/thumbnail", ownerOf(t), map[string]any{"url": reference})).decode(t, &thumbnail)
	mustOK(t, call(t, "PATCH", "/v2/videos/"+v.ID, ownerOf(t), map[string]any{"enabled": false}))

	openList(t, tab, name)
	img := `document.querySelector('.vh-video[data-video-id="` + v.ID + `"] img')`
	browsertest.Poll[bool](t, tab, `!!`+img+` && `+img+`.complete && `+img+`.naturalWidth > 0`)
	assert.Equal(t, thumbnail.URL, browsertest.Eval[string](t, tab, img+`.src`))
	status, _ := fetchMedia(t, thumbnail.URL)
	assert.Equal(t, http.StatusNotFound, status, "the same URL without the session")
	checkPage(t, tab, "videos-disabled")
}

func failedVideo(t *testing.T, tab context.Context) {
	name := uniqueWord(t, "failed")
	v := createVideo(t, map[string]any{"name": name})
	const reason = "the source has no video stream"
	reportFailed(t, v.ID, reason)
	require.Eventually(t, func() bool { return getVideo(t, v.ID).Status == "error" }, browsertest.WaitTimeout, browsertest.PollInterval)

	openList(t, tab, name)
	row := `document.querySelector('.vh-video[data-video-id="` + v.ID + `"]')`
	browsertest.Poll[bool](t, tab, `!!`+row+`?.querySelector('.vh-video-reason')`)
	assert.Equal(t, reason, browsertest.Eval[string](t, tab, row+`.querySelector('.vh-video-reason').textContent`))
	checkPage(t, tab, "videos-failed")

	require.NoError(t, chromedp.Do(tab, chromedp.Click(chromedp.CSS(`.vh-video[data-video-id="`+v.ID+`"] a[href="/videos/`+v.ID+`"]`))))
	browsertest.Poll[bool](t, tab, `!!document.getElementById('vh-upload-again')`)
	assert.Equal(t, "/upload", browsertest.Eval[string](t, tab, `document.getElementById('vh-upload-again').getAttribute('href')`))
	assert.Equal(t, reason, browsertest.Eval[string](t, tab, `document.querySelector('.vh-failed .vh-problem').textContent`))
	assert.False(t, browsertest.Eval[bool](t, tab, `document.querySelector('main').textContent.includes('<iframe')`), "no embed code")
	assert.Zero(t, browsertest.Eval[int](t, tab, `document.querySelectorAll('#vh-share-title, #vh-track-form, .vh-player, .vh-thumbnail-edit').length`),
		"no sharing, tracks, player or thumbnail editing")
	assert.True(t, browsertest.Eval[bool](t, tab, `!!document.getElementById('vh-delete-title')`), "it can still be deleted")
	checkPage(t, tab, "video-failed")
}

func deletedInAnalytics(t *testing.T, tab context.Context) {
	v := createVideo(t, map[string]any{"name": uniqueWord(t, "gone")})
	playedThreeTimes(t, v.ID)
	mustOK(t, call(t, "DELETE", "/v2/videos/"+v.ID, ownerOf(t), nil))

	require.NoError(t, chromedp.Do(tab, chromedp.Navigate(suiteOf(t).URL+"/analytics?filter=video_id=="+v.ID)))
	row := `document.querySelector('#vh-top-video_id tr[data-value="` + v.ID + `"]')`
	browsertest.Poll[bool](t, tab, `!!`+row+` && `+row+`.cells[0].textContent === 'Deleted video'`)
	assert.Zero(t, browsertest.Eval[int](t, tab, row+`.cells[0].querySelectorAll('a').length`), "no link to a page that is gone")
	failures := browsertest.Eval[[]string](t, tab, `performance.getEntriesByType('resource')
		.filter(e => e.name.includes('/v2/') && (e.responseStatus >= 400 || e.name.includes('/v2/videos/`+v.ID+`')))
		.map(e => e.responseStatus + ' ' + e.name)`)
	assert.Empty(t, failures, "no request for the deleted video, none refused")
	checkPage(t, tab, "analytics-deleted")
}

// openList opens the video list searched for name.
func openList(t *testing.T, tab context.Context, name string) {
	t.Helper()
	require.NoError(t, chromedp.Do(tab, chromedp.Navigate(suiteOf(t).URL+"/videos?search="+name)))
	pollNames(t, tab, name)
}

// reportFailed publishes the report a transcode worker sends when a video
// cannot be transcoded, as the transcode service on the suite's NATS.
func reportFailed(t *testing.T, videoID, reason string) {
	t.Helper()
	nc, err := natsx.Connect(natsx.Client{URL: suiteOf(t).NATSURL(), Service: natsx.ServiceTranscode, Secret: suiteOf(t).InternalSecret()})
	require.NoError(t, err)
	defer nc.Close()
	js, err := jetstream.New(nc)
	require.NoError(t, err)
	data, err := protojson.Marshal(&eventsv1.TranscodeFailed{VideoId: videoID, Reason: reason, Meta: &eventsv1.EventMeta{
		Id: ids.New(), AccountId: suiteOf(t).Credentials.AccountID, OccurredTime: timefmt.Format(time.Now())}})
	require.NoError(t, err)
	_, err = js.Publish(t.Context(), natsx.SubjectTranscodeFailed, data, jetstream.WithMsgID(ids.New()))
	require.NoError(t, err)
}
