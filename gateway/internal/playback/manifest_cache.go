package playback

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/vidhost/vidhost/pkg/blob"
)

// Manifests and sprite indexes are small, fetched by every viewer every few
// seconds, and (for private videos) rewritten per viewer. The edge keeps
// their bytes in memory, checked against the store on every request: an
// entry is used only while the object's size, modification time and ETag
// are those of the bytes held, so a file changed in the store is served
// fresh on the next request.
//
// File times are coarse (a kernel tick; a second on S3), so two versions
// of the same size written within one tick look alike to stat, and on the
// local driver the ETag is made of size and time. As in Git's "racy clean"
// rule, a file is kept only once it has been unchanged for settleTime when
// it is read: any later version is then written at a later tick, so its
// time differs from the one held.
const (
	settleTime = time.Second

	// maxCachedManifest is the largest file kept (a three-hour HLS
	// playlist of two-second segments is about 250 KB); larger ones are
	// served as before, from the store.
	maxCachedManifest = 1 << 20
	// DefaultManifestCacheBytes bounds the memory of the cache: bytes held
	// plus their token templates.
	DefaultManifestCacheBytes = 64 << 20
)

// manifestCache holds small media files by blob key.
type manifestCache struct {
	store    blob.Store
	maxBytes int64
	now      func() time.Time

	mu      sync.Mutex
	used    int64 // sum of the entries' cost
	entries map[string]*manifest
}

func newManifestCache(store blob.Store, maxBytes int64, now func() time.Time) *manifestCache {
	if maxBytes <= 0 {
		maxBytes = DefaultManifestCacheBytes
	}
	return &manifestCache{store: store, maxBytes: maxBytes, now: now, entries: map[string]*manifest{}}
}

// manifest is one file as stored, with the header values of its response
// made once, and the token templates of its rewritten forms made on first
// use.
type manifest struct {
	info blob.Info
	body []byte
	// header values, shared by every response (never modified)
	etag, lastModified, contentLength []string
	templates                         [rewriterCount]atomic.Pointer[tokenTemplate]
	cost                              atomic.Int64
	// kept is set once the cache holds m: a template pays off only then.
	kept bool
}

// get returns key's bytes, current as of a check made now; nil (and no
// error) when the object is too large to keep, for the caller to serve it
// from the store.
func (c *manifestCache) get(ctx context.Context, key string) (*manifest, error) {
	info, err := c.stat(ctx, key)
	if err != nil {
		return nil, err
	}
	if info.Size > maxCachedManifest {
		return nil, nil
	}
	c.mu.Lock()
	m := c.entries[key]
	c.mu.Unlock()
	if m != nil && m.current(info) {
		return m, nil
	}
	if m, err = c.read(ctx, key); err != nil || m == nil {
		return nil, err
	}
	if c.now().Sub(m.info.ModTime) >= settleTime { // else served once, not kept
		m.kept = true
		c.put(key, m)
	}
	return m, nil
}

// stat is one stat(2) from the local driver, a HEAD from S3.
func (c *manifestCache) stat(ctx context.Context, key string) (blob.Info, error) {
	if files, ok := c.store.(blob.FileStater); ok {
		return files.StatFile(ctx, key)
	}
	return c.store.Stat(ctx, key)
}

// read fetches the object; the entry describes the bytes read, whatever
// the stat before it saw.
func (c *manifestCache) read(ctx context.Context, key string) (*manifest, error) {
	content, info, err := c.store.Open(ctx, key)
	if err != nil {
		return nil, err
	}
	defer content.Close()
	body, err := io.ReadAll(io.LimitReader(content, maxCachedManifest+1))
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", key, err)
	}
	if len(body) > maxCachedManifest { // it grew since the stat
		return nil, nil
	}
	info.Key = key
	return newManifest(info, body), nil
}

func newManifest(info blob.Info, body []byte) *manifest {
	m := &manifest{
		info:          info,
		body:          body,
		lastModified:  []string{info.ModTime.UTC().Format(http.TimeFormat)},
		contentLength: []string{strconv.Itoa(len(body))},
	}
	if info.ETag != "" {
		m.etag = []string{quoteETag(info.ETag)}
	}
	m.cost.Store(int64(len(body)) + 512)
	return m
}

// current reports whether m holds the object info describes.
func (m *manifest) current(info blob.Info) bool {
	return m.info.Size == info.Size && m.info.ETag == info.ETag && m.info.ModTime.Equal(info.ModTime)
}

// put stores m, first dropping arbitrary entries until it fits.
func (c *manifestCache) put(key string, m *manifest) {
	cost := m.cost.Load()
	if cost > c.maxBytes {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if old := c.entries[key]; old != nil {
		c.used -= old.cost.Load()
		delete(c.entries, key)
	}
	for k, e := range c.entries {
		if c.used+cost <= c.maxBytes {
			break
		}
		c.used -= e.cost.Load()
		delete(c.entries, k)
	}
	c.entries[key] = m
	c.used += cost
}

// template returns m's token template for rewrite, making it on first use.
func (c *manifestCache) template(m *manifest, rewrite rewriter) *tokenTemplate {
	if t := m.templates[rewrite].Load(); t != nil {
		return t
	}
	t := newTokenTemplate(m.body, rewriters[rewrite])
	if m.templates[rewrite].CompareAndSwap(nil, t) {
		// Under the lock, as put and its evictions read costs: the
		// template counts against the bound from the next put on.
		c.mu.Lock()
		m.cost.Add(t.cost)
		if c.entries[m.info.Key] == m {
			c.used += t.cost
		}
		c.mu.Unlock()
		return t
	}
	return m.templates[rewrite].Load()
}

// modTime is what conditional requests compare with.
func (m *manifest) modTime() time.Time { return m.info.ModTime }
