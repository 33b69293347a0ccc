package web

import (
	"net/http"
	"strings"
)

// contentSecurityPolicy allows scripts and styles from this origin only (the
// pages have no inline script, handler or style attribute), and media from
// anywhere: sources, posters and tracks may be on object storage. VHS runs its
// transmuxer in a worker made from a blob: URL; Video.js's icon font is a
// data: URL. No frame-ancestors: embeds are meant to be framed anywhere.
var contentSecurityPolicy = strings.Join([]string{
	"default-src 'self'",
	"script-src 'self'",
	"style-src 'self'",
	"img-src 'self' data: blob: https: http:",
	"media-src 'self' data: blob: https: http:",
	"connect-src 'self' https: http:",
	"worker-src 'self' blob:",
	"font-src 'self' data:",
	"object-src 'none'",
	"base-uri 'none'",
	"form-action 'self'",
}, "; ")

// setPageHeaders sets the page headers the caller has not set itself.
func setPageHeaders(header http.Header, cacheControl string) {
	defaults := map[string]string{
		"Content-Type":            "text/html; charset=utf-8",
		"Content-Security-Policy": contentSecurityPolicy,
		"Cache-Control":           cacheControl,
		"X-Content-Type-Options":  "nosniff",
		"Referrer-Policy":         "strict-origin-when-cross-origin",
	}
	for name, value := range defaults {
		if header.Get(name) == "" {
			header.Set(name, value)
		}
	}
}

// ForbidFraming makes a page refuse to be shown in any frame: the page
// policy plus frame-ancestors 'none', and X-Frame-Options for browsers
// that predate it. The watch page gets it, since a framed watch page could
// be dressed up for clickjacking; the embed exists to be framed and does
// not. Call it before the page is rendered (setPageHeaders keeps it).
func ForbidFraming(header http.Header) {
	header.Set("Content-Security-Policy", contentSecurityPolicy+"; frame-ancestors 'none'")
	header.Set("X-Frame-Options", "DENY")
}
