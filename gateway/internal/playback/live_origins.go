package playback

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"time"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/liveorigin"
	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"
)

// lowLatencyTimeout bounds the wait for the live service's answer: above
// the packager's BlockTimeout (6 s), so a blocked request gets the
// packager's own answer (the playlist, or its 503 once the publisher
// stalled) rather than the edge's.
const lowLatencyTimeout = 10 * time.Second

// The directives of an LL-HLS playlist request (RFC 8216bis 6.2.5), the
// only part of a viewer's query the live service is sent: never a token.
var deliveryDirectives = []string{"_HLS_msn", "_HLS_part", "_HLS_skip"}

// liveOrigins asks the live service instance holding an LL-HLS stream for
// its files. Which instance that is, the live service wrote beside the
// stream in the blob store (pkg/liveorigin); each request is signed with
// the gateway's key, which the live service alone checks.
type liveOrigins struct {
	store     blob.Store
	key       []byte
	client    *http.Client
	addresses *ttlCache[string] // "<video>/<stream>" -> base URL; a stream never moves
}

func newLiveOrigins(store blob.Store, key []byte, now func() time.Time) *liveOrigins {
	transport := &http.Transport{
		Proxy:       nil, // an internal address: never through a proxy of the environment
		DialContext: (&net.Dialer{Timeout: 3 * time.Second}).DialContext,
		// Blocked playlist requests each hold a connection while they
		// wait: keep many for reuse.
		MaxIdleConnsPerHost:   256,
		IdleConnTimeout:       90 * time.Second,
		ResponseHeaderTimeout: lowLatencyTimeout,
		DisableCompression:    true,
	}
	return &liveOrigins{store: store, key: key, client: &http.Client{Transport: transport},
		addresses: newTTLCache[string](time.Minute, 10_000, now)}
}

// get asks for file of v's stream, with the delivery directives of r's
// query for the playlist. A stream the blob store names no instance for
// is errNotFound; an instance that does not answer, errUpstream.
func (o *liveOrigins) get(r *http.Request, v *catalogv1.PlaybackVideo, stream, file, method string) (*http.Response, error) {
	base, err := o.address(r.Context(), v, stream)
	if err != nil {
		return nil, err
	}
	path := liveorigin.Path(v.GetVideoId(), stream, file)
	target := base + path
	if file == liveorigin.PlaylistName {
		query := url.Values{}
		for _, name := range deliveryDirectives {
			if value, ok := r.URL.Query()[name]; ok {
				query[name] = value
			}
		}
		if len(query) > 0 {
			target += "?" + query.Encode()
		}
	}
	// target is the live service's address, as it wrote it in the blob
	// store (liveorigin.ParseAddress checked it), and a path of ids and a
	// file name the route validated: no part of it is the viewer's.
	req, err := http.NewRequestWithContext(r.Context(), method, target, nil) //nolint:gosec // G704: see above
	if err != nil {
		return nil, fmt.Errorf("%w: %w", errUpstream, err)
	}
	liveorigin.Sign(req.Header, method, path, o.key)
	resp, err := o.client.Do(req) //nolint:gosec // G704: the request above
	if err != nil {
		return nil, fmt.Errorf("%w: the live service at %s: %w", errUpstream, base, err)
	}
	return resp, nil
}

// address is the base URL of the instance serving v's stream.
func (o *liveOrigins) address(ctx context.Context, v *catalogv1.PlaybackVideo, stream string) (string, error) {
	cacheKey := v.GetVideoId() + "/" + stream
	if base, ok := o.addresses.get(cacheKey); ok {
		return base, nil
	}
	key, err := blob.VideoKey(v.GetAccountId(), v.GetVideoId(), liveorigin.AddressPath(stream))
	if err != nil {
		return "", errNotFound
	}
	content, _, err := o.store.Open(ctx, key)
	switch {
	case errors.Is(err, blob.ErrNotFound):
		return "", errNotFound // no such stream, or not an event's
	case err != nil:
		return "", fmt.Errorf("%w: the blob store: %w", errUpstream, err)
	}
	defer content.Close()
	raw, err := io.ReadAll(io.LimitReader(content, 512))
	if err != nil {
		return "", fmt.Errorf("%w: the blob store: %w", errUpstream, err)
	}
	u, err := liveorigin.ParseAddress(string(raw))
	if err != nil {
		return "", fmt.Errorf("%w: %s: %w", errUpstream, key, err)
	}
	o.addresses.put(cacheKey, u.String())
	return u.String(), nil
}
