package playback

import (
	"context"
	"fmt"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	"github.com/vidhost/vidhost/pkg/ids"
	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"
)

// backendTimeout bounds each catalog or identity call a viewer waits for.
const backendTimeout = 3 * time.Second

// videos looks videos up in the catalog for viewers and remembers each
// answer, "not found" included, for a few seconds: a burst of segment
// requests costs one call, and disabling or deleting a video takes effect
// within that time.
type videos struct {
	catalog catalogv1.CatalogServiceClient
	cache   *ttlCache[*catalogv1.PlaybackVideo] // nil value: not found
}

func newVideos(catalog catalogv1.CatalogServiceClient, ttl time.Duration, now func() time.Time) *videos {
	return &videos{catalog: catalog, cache: newTTLCache[*catalogv1.PlaybackVideo](ttl, 10_000, now)}
}

// get returns the video, errNotFound, or errUpstream when the catalog
// could not answer.
func (v *videos) get(ctx context.Context, videoID string) (*catalogv1.PlaybackVideo, error) {
	if !ids.Valid(videoID) {
		return nil, errNotFound
	}
	if video, ok := v.cache.get(videoID); ok {
		return found(video)
	}
	gen := v.cache.currentGeneration()
	ctx, cancel := context.WithTimeout(ctx, backendTimeout)
	defer cancel()
	video, err := v.catalog.GetVideoForPlayback(ctx, &catalogv1.GetVideoForPlaybackRequest{VideoId: videoID})
	switch {
	case status.Code(err) == codes.NotFound:
		v.cache.putAt(videoID, nil, gen)
		return nil, errNotFound
	case err != nil:
		return nil, fmt.Errorf("%w: catalog: %w", errUpstream, err)
	}
	v.cache.putAt(videoID, video, gen)
	return video, nil
}

func found(video *catalogv1.PlaybackVideo) (*catalogv1.PlaybackVideo, error) {
	if video == nil {
		return nil, errNotFound
	}
	return video, nil
}

// evict forgets videoID, so the next request asks the catalog again.
func (v *videos) evict(videoID string) {
	v.cache.evictWhere(func(key string) bool { return key == videoID })
}
