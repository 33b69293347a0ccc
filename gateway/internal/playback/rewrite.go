package playback

import (
	"bytes"
	"regexp"
	"strings"
)

// The rewriters put a private video's media token on every URL inside its
// manifests and sprite index, because players resolve those URLs relative
// to the file they read and drop its query string on the way. Only relative
// references are touched: an absolute URL points elsewhere, and the token
// must not travel to another host.

// addQuery returns ref with query appended (before any fragment), and false
// when ref is not a relative reference.
func addQuery(ref, query, separator string) (string, bool) {
	if !isRelative(ref) {
		return ref, false
	}
	path, fragment, hasFragment := strings.Cut(ref, "#")
	if strings.Contains(path, "?") {
		path += separator + query
	} else {
		path += "?" + query
	}
	if hasFragment {
		path += "#" + fragment
	}
	return path, true
}

// isRelative reports whether ref is a relative reference (RFC 3986 4.2):
// no scheme (a ":" before any "/", "?" or "#") and no authority ("//").
// Cheaper than url.Parse, which matters at one call per segment line.
func isRelative(ref string) bool {
	if ref == "" || strings.HasPrefix(ref, "//") {
		return false
	}
	end := strings.IndexAny(ref, ":/?#")
	return end < 0 || ref[end] != ':'
}

var hlsURIAttribute = regexp.MustCompile(`URI="([^"]*)"`)

// rewriteHLS tokenises a master or media playlist: URI lines (variant
// playlists, segments) and URI="..." attributes (EXT-X-MAP, EXT-X-MEDIA,
// EXT-X-I-FRAME-STREAM-INF, EXT-X-KEY...). Line endings are kept. It works
// on bytes, appending to one buffer: a playlist has a line per segment.
func rewriteHLS(body []byte, query string) []byte {
	out := make([]byte, 0, len(body)+len(body)/16*(len(query)+2))
	for line := range bytes.Lines(body) {
		text := bytes.TrimSpace(line)
		switch {
		case len(text) == 0 || text[0] == '#' && !bytes.Contains(line, []byte(`URI="`)):
			out = append(out, line...)
		case text[0] == '#':
			out = append(out, hlsURIAttribute.ReplaceAllStringFunc(string(line), func(attr string) string {
				ref, _ := addQuery(attr[len(`URI="`):len(attr)-1], query, "&")
				return `URI="` + ref + `"`
			})...)
		default: // a URI line
			start := bytes.Index(line, text)
			out = append(out, line[:start]...)
			out = appendQuery(out, text, query)
			out = append(out, line[start+len(text):]...)
		}
	}
	return out
}

// appendQuery is addQuery for a URI line, appending to out.
func appendQuery(out, ref []byte, query string) []byte {
	if !isRelative(string(ref)) {
		return append(out, ref...)
	}
	path, fragment, hasFragment := bytes.Cut(ref, []byte("#"))
	out = append(out, path...)
	if bytes.IndexByte(path, '?') >= 0 {
		out = append(out, '&')
	} else {
		out = append(out, '?')
	}
	out = append(out, query...)
	if hasFragment {
		out = append(append(out, '#'), fragment...)
	}
	return out
}

var (
	dashURLAttribute = regexp.MustCompile(`(\s(?:media|initialization|index|sourceURL)=")([^"]*)(")`)
	dashBaseURL      = regexp.MustCompile(`(<BaseURL[^>]*>)([^<]*)(</BaseURL>)`)
)

// rewriteDASH tokenises an MPD: the segment templates' media and
// initialization (and index), SegmentURL and Initialization sourceURLs, and
// BaseURL when it names a file (a BaseURL that is a directory loses its
// query when segment names are resolved against it, which is why the
// templates carry the token themselves). Attribute values are XML, so an
// existing query is continued with "&amp;".
func rewriteDASH(body []byte, query string) []byte {
	tokenise := func(match []byte, pattern *regexp.Regexp) []byte {
		parts := pattern.FindSubmatch(match)
		ref, _ := addQuery(string(parts[2]), query, "&amp;")
		return bytes.Join([][]byte{parts[1], []byte(ref), parts[3]}, nil)
	}
	body = dashURLAttribute.ReplaceAllFunc(body, func(m []byte) []byte { return tokenise(m, dashURLAttribute) })
	return dashBaseURL.ReplaceAllFunc(body, func(m []byte) []byte { return tokenise(m, dashBaseURL) })
}

// rewriteSpriteIndex tokenises the image references in a sprite's WebVTT
// index: the payload lines of each cue ("sprite.jpg#xywh=0,0,160,90").
func rewriteSpriteIndex(body []byte, query string) []byte {
	lines := strings.Split(string(body), "\n")
	inPayload := false
	for i, line := range lines {
		text := strings.TrimSpace(line)
		switch {
		case text == "":
			inPayload = false
		case strings.Contains(text, "-->"):
			inPayload = true
		case inPayload:
			if ref, ok := addQuery(text, query, "&"); ok {
				lines[i] = strings.Replace(line, text, ref, 1)
			}
		}
	}
	return []byte(strings.Join(lines, "\n"))
}
