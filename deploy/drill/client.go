package drill

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"strconv"
	"time"

	vidhost "github.com/vidhost/vidhost/sdk/go"
)

// apiClient is the Go SDK over the gateways, with retries off: the drill
// counts every failed request instead of hiding it behind a retry.
func apiClient(g *gateways, baseURL, apiKey string) *vidhost.Client {
	return vidhost.New(baseURL, apiKey, vidhost.WithRetryPolicy(vidhost.RetryPolicy{}),
		vidhost.WithHTTPClient(&http.Client{Transport: idempotencyKeys{g}, Timeout: 30 * time.Second}))
}

type idempotencyKeyCtx struct{}

// withIdempotencyKey makes the POST sent under ctx carry key
// (docs/idempotency.md), so an upload step repeated after a failure cannot
// create its video twice.
func withIdempotencyKey(ctx context.Context, key string) context.Context {
	return context.WithValue(ctx, idempotencyKeyCtx{}, key)
}

// idempotencyKeys adds the context's Idempotency-Key to a request.
type idempotencyKeys struct{ next http.RoundTripper }

func (t idempotencyKeys) RoundTrip(req *http.Request) (*http.Response, error) {
	if key, ok := req.Context().Value(idempotencyKeyCtx{}).(string); ok {
		req = req.Clone(req.Context())
		req.Header.Set("Idempotency-Key", key)
	}
	return t.next.RoundTrip(req)
}

// uploadVideo makes one video the way a browser does: an upload (a
// presigned PUT straight to S3, never through a gateway) then the video
// made from it. Each step is tried again after a failure, under the same
// idempotency key, until ctx ends; the failures stay counted.
func uploadVideo(ctx context.Context, client *vidhost.Client, clip []byte, n int) (string, error) {
	name := "drill-" + strconv.Itoa(n)
	var video *vidhost.Video
	err := retry(ctx, func() error {
		upload, err := client.Uploads.Create(withIdempotencyKey(ctx, name+"-upload"), map[string]any{"name": name + ".mp4", "size": len(clip)})
		if err != nil {
			return err
		}
		if err := putObject(ctx, upload.URL, clip); err != nil {
			return err
		}
		video, err = client.Videos.Create(withIdempotencyKey(ctx, name+"-video"), vidhost.VideoCreate{Name: name, Input: upload.Reference()})
		return err
	})
	if err != nil {
		return "", fmt.Errorf("upload %s: %w", name, err)
	}
	return video.ID, nil
}

func putObject(ctx context.Context, url string, body []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, url, bytes.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("PUT to S3: %s", resp.Status)
	}
	return nil
}

// retry calls fn until it succeeds or ctx ends, a second apart.
func retry(ctx context.Context, fn func() error) error {
	for {
		err := fn()
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(time.Second):
		}
	}
}
