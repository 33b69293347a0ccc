package web

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestSafeNextKeepsOnlyPathsOfThisOrigin(t *testing.T) {
	for _, tc := range []struct{ name, raw, want string }{
		{"empty", "", "/"},
		{"a path", "/videos", "/videos"},
		{"a path with a query and fragment", "/videos?status=ready&search=a+b#top", "/videos?status=ready&search=a+b#top"},
		{"an escaped path stays escaped", "/videos/a%20b", "/videos/a%20b"},
		{"a relative path resolves against the root", "videos", "/videos"},
		{"dot segments resolve", "/a/../b", "/b"},
		{"a decoded tab (?next=/%09/evil)", "/\t/evil.example", "/"},
		{"a tab anywhere", "/videos\t", "/"},
		{"a newline", "/\n/evil.example", "/"},
		{"a carriage return", "/\r/evil.example", "/"},
		{"encoded CR/LF decoded once", "/x\r\nSet-Cookie: a=b", "/"},
		{"a NUL", "/\x00/evil.example", "/"},
		{"DEL", "/\x7f/evil.example", "/"},
		{"a C1 control", "/\u0085/evil.example", "/"},
		{"a backslash after the slash", "/\\evil.example", "/"},
		{"two backslashes", "\\\\evil.example", "/"},
		{"a backslash later", "/a\\b", "/"},
		{"protocol-relative", "//evil.example", "/"},
		{"protocol-relative with a path", "//evil.example/videos", "/"},
		{"three slashes", "///evil.example", "/"},
		{"an absolute URL", "https://evil.example/", "/"},
		{"an absolute http URL", "http://evil.example", "/"},
		{"a scheme-relative URL with user info", "//user@evil.example", "/"},
		{"javascript:", "javascript:alert(1)", "/"},
		{"JavaScript: in capitals", "JaVaScRiPt:alert(1)", "/"},
		{"data:", "data:text/html,<script>alert(1)</script>", "/"},
		{"a scheme without slashes", "https:evil.example", "/"},
		{"an encoded slash stays a path", "/%2F/evil.example", "/%2F/evil.example"},
		{"too long", "/" + strings.Repeat("a", maxNextLength), "/"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, SafeNext(tc.raw))
		})
	}
}
