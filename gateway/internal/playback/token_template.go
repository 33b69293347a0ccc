package playback

import (
	"bytes"
	"sync"
)

// A rewriter puts a private video's media token on the URLs inside one
// kind of file (rewrite.go).
type rewriter int

const (
	noRewrite rewriter = iota
	rewriteHLSPlaylist
	rewriteDASHManifest
	rewriteSprites
	rewriterCount
)

var rewriters = [rewriterCount]func(body []byte, query string) []byte{
	rewriteHLSPlaylist:  rewriteHLS,
	rewriteDASHManifest: rewriteDASH,
	rewriteSprites:      rewriteSpriteIndex,
}

// tokenSentinel stands for the query while a template is made. The
// rewriters treat the query as opaque text, and the sentinel, like a
// "token=..." query, holds none of the characters they look for (quotes,
// angle brackets, ":/?#&", white space), so rewriting with it and splitting
// at it gives exactly the pieces that rewriting with any token puts
// together.
const tokenSentinel = "\x00vidhost-media-token\x00" //nolint:gosec // a placeholder spliced out per request, not a credential

// tokenTemplate is a rewritten file cut where the query goes: rendering it
// for a token is copying, the string work of the rewrite done once per
// version of the file instead of once per viewer request.
type tokenTemplate struct {
	parts [][]byte // the query goes between each two
	size  int      // bytes in parts
	cost  int64    // memory held, for the cache's bound
	// direct is set for the (malicious or corrupt) file that holds the
	// sentinel itself: it is rewritten per request as before.
	direct func(body []byte, query string) []byte
	body   []byte
}

func newTokenTemplate(body []byte, rewrite func([]byte, string) []byte) *tokenTemplate {
	if bytes.Contains(body, []byte(tokenSentinel)) {
		return &tokenTemplate{direct: rewrite, body: body}
	}
	out := rewrite(body, tokenSentinel)
	parts := bytes.Split(out, []byte(tokenSentinel))
	t := &tokenTemplate{parts: parts, size: len(out) - (len(parts)-1)*len(tokenSentinel)}
	t.cost = int64(len(out)) + int64(len(parts))*24
	return t
}

// render appends the file rewritten for query to dst.
func (t *tokenTemplate) render(dst []byte, query string) []byte {
	if t.direct != nil {
		return append(dst, t.direct(t.body, query)...)
	}
	dst = append(dst, t.parts[0]...)
	for _, part := range t.parts[1:] {
		dst = append(dst, query...)
		dst = append(dst, part...)
	}
	return dst
}

// sizeHint is the length of render's output for a query of n bytes
// (a guess for a direct rewrite).
func (t *tokenTemplate) sizeHint(n int) int {
	if t.direct != nil {
		return len(t.body) + n
	}
	return t.size + (len(t.parts)-1)*n
}

// renderBuffers recycle the buffers rewritten files are rendered into: a
// response is written before its buffer goes back.
var renderBuffers = sync.Pool{New: func() any { return new([]byte) }}

// maxPooledBuffer keeps one huge playlist from pinning its buffer.
const maxPooledBuffer = 4 << 20
