package playback_test

import (
	"context"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/protobuf/encoding/protojson"

	"github.com/vidhost/vidhost/gateway/internal/playback/playbacktest"
	"github.com/vidhost/vidhost/pkg/natstest"
	"github.com/vidhost/vidhost/pkg/natsx"
	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"
	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"
)

// The gateway that serves a change evicts at once; the edge's clock never
// moves here, so only the eviction can make the change visible.
func TestEvictionsTakeEffectAtOnce(t *testing.T) {
	e := playbacktest.StartEdge(t)
	key := playbacktest.NewECKey(t)
	e.Backends.Identity.PutKey(accountA, key)
	v := newVideo(t, e, "private")
	jwt := key.Mint(t, playbacktest.Claims{Subject: v.GetVideoId(), Expires: e.Clock.Now().Add(time.Hour)})
	master := get(t, mediaURL(e, v, "stream/master.m3u8", "jwt="+jwt))
	require.Equal(t, http.StatusOK, master.StatusCode, master.body)
	token := tokenIn.FindStringSubmatch(master.body)
	require.NotNil(t, token)
	tokened := mediaURL(e, v, "stream/playlist_0.m3u8", "token="+token[1])

	e.Backends.Identity.RemoveKey(accountA, key.ID)
	require.Equal(t, http.StatusOK, get(t, tokened).StatusCode, "cached until evicted")
	e.Handler.EvictJWTKey(key.ID)
	assert.Equal(t, http.StatusForbidden, get(t, tokened).StatusCode, "a token dies with its JWT key")
	assert.Equal(t, http.StatusForbidden, get(t, mediaURL(e, v, "stream/master.m3u8", "jwt="+jwt)).StatusCode)

	public := newVideo(t, e, "public")
	require.Equal(t, http.StatusOK, get(t, mediaURL(e, public, "stream/master.m3u8")).StatusCode)
	public.Enabled = false
	e.Backends.Catalog.PutVideo(public)
	require.Equal(t, http.StatusOK, get(t, mediaURL(e, public, "stream/master.m3u8")).StatusCode, "cached until evicted")
	e.Handler.EvictVideo(public.GetVideoId())
	assert.Equal(t, http.StatusNotFound, get(t, mediaURL(e, public, "stream/master.m3u8")).StatusCode)
}

// Changes served by another gateway arrive as video events.
func TestVideoEventsEvict(t *testing.T) {
	e := playbacktest.StartEdge(t)
	js := natstest.JetStream(t, natstest.Start(t))
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Go(func() { e.Handler.RunVideoEvents(ctx, js) })
	t.Cleanup(func() { cancel(); wg.Wait() })

	v := newVideo(t, e, "public")
	url := mediaURL(e, v, "stream/master.m3u8")
	require.Equal(t, http.StatusOK, get(t, url).StatusCode)
	v.Privacy = "private"
	e.Backends.Catalog.PutVideo(v)
	event, err := protojson.Marshal(&eventsv1.VideoEvent{Video: &catalogv1.Video{Id: v.GetVideoId()}})
	require.NoError(t, err)
	// The subscription may not be up yet: publish until the edge sees it.
	assert.Eventually(t, func() bool {
		_, err := js.Publish(ctx, natsx.SubjectVideoUpdated, event)
		require.NoError(t, err)
		return get(t, url).StatusCode == http.StatusForbidden
	}, 5*time.Second, 50*time.Millisecond, "a video.updated event evicts the video")
}
