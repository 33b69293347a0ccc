package vidhost

import (
	"net/http"
	"strings"
	"time"
)

// Client calls one Vidhost installation with one credential. It is safe for
// concurrent use; make one and share it.
type Client struct {
	baseURL    string
	apiKey     string
	httpClient *http.Client
	retry      RetryPolicy
	userAgent  string
	chunkSize  int64

	// Videos are the account's videos.
	Videos *VideosService
	// Uploads sends files (tus) and lists or deletes uploads.
	Uploads *UploadsService
	// Players are the account's player configurations.
	Players *Collection[Player]
	// Keys are the account's API keys.
	Keys *Collection[APIKey]
	// JWTKeys are the public keys that verify viewer JWTs.
	JWTKeys *Collection[JWTKey]
}

// Option configures a Client.
type Option func(*Client)

// WithHTTPClient sends requests through hc (proxies, TLS, tracing). Its
// Timeout, if any, bounds each attempt; give contexts deadlines for calls.
func WithHTTPClient(hc *http.Client) Option {
	return func(c *Client) { c.httpClient = hc }
}

// WithRetryPolicy replaces DefaultRetryPolicy; RetryPolicy{} disables retries.
func WithRetryPolicy(p RetryPolicy) Option {
	return func(c *Client) { c.retry = p }
}

// WithUploadChunkSize bounds the bytes of one tus PATCH (default 64 MiB):
// smaller chunks lose less to a failure behind a proxy that drops partial
// requests, larger ones make fewer requests. Zero sends the rest in one.
func WithUploadChunkSize(n int64) Option {
	return func(c *Client) { c.chunkSize = n }
}

// WithUserAgent names the program in the User-Agent header.
func WithUserAgent(ua string) Option {
	return func(c *Client) { c.userAgent = ua }
}

// New returns a client of the installation at baseURL (the gateway, as in
// VIDHOST_URL, without /v2) authenticating with apiKey.
func New(baseURL, apiKey string, opts ...Option) *Client {
	c := &Client{
		baseURL:    strings.TrimRight(baseURL, "/"),
		apiKey:     apiKey,
		httpClient: &http.Client{}, // no overall timeout: uploads take long; contexts bound calls
		retry:      DefaultRetryPolicy,
		userAgent:  "vidhost-go",
		chunkSize:  defaultChunkSize,
	}
	for _, opt := range opts {
		opt(c)
	}
	c.Videos = &VideosService{Collection: NewCollection[Video](c, "videos")}
	c.Uploads = &UploadsService{Collection: NewCollection[Upload](c, "uploads"), client: c, chunkSize: c.chunkSize}
	c.Players = NewCollection[Player](c, "players")
	c.Keys = NewCollection[APIKey](c, "keys")
	c.JWTKeys = NewCollection[JWTKey](c, "jwt_keys")
	return c
}

// BaseURL is the installation's URL, as given to New without a trailing slash.
func (c *Client) BaseURL() string { return c.baseURL }

// WatchURL is the landing page of a video (docs/playback.md).
func (c *Client) WatchURL(videoID string) string {
	return c.baseURL + "/watch/" + videoID
}

// pollInterval is how often Wait asks for a video's status.
const pollInterval = time.Second
