package web

import (
	"net/url"
	"strings"
)

// maxNextLength bounds a page's return address: longer is refused, not cut.
const maxNextLength = 2048

// pageOrigin stands for this gateway's origin while a return address is
// resolved: only the address's path, query and fragment are kept, so the
// real public URL does not matter.
var pageOrigin = &url.URL{Scheme: "https", Host: "vidhost.invalid", Path: "/"}

// SafeNext is the one rule for every return address a page is given (?next=
// of /signin, and any later next, return_to or redirect parameter): raw is
// resolved with the URL parser against this origin and kept only when it
// stays on it, as a path. Control characters and backslashes are refused
// outright, since browsers drop tabs and newlines and read "\" as "/", so
// "/\t/evil" and "/\evil" would become "//evil", another site. Anything
// refused, empty or too long is "/", the dashboard.
func SafeNext(raw string) string {
	if raw == "" || len(raw) > maxNextLength || strings.ContainsFunc(raw, refusedInNext) {
		return "/"
	}
	ref, err := url.Parse(raw)
	if err != nil {
		return "/"
	}
	resolved := pageOrigin.ResolveReference(ref)
	if resolved.Scheme != pageOrigin.Scheme || resolved.Host != pageOrigin.Host || resolved.User != nil {
		return "/"
	}
	next := resolved.EscapedPath()
	if resolved.RawQuery != "" {
		next += "?" + resolved.RawQuery
	}
	if resolved.Fragment != "" {
		next += "#" + resolved.EscapedFragment()
	}
	// Belt and braces: a path the browser could read as another host.
	if !strings.HasPrefix(next, "/") || strings.HasPrefix(next, "//") {
		return "/"
	}
	return next
}

// refusedInNext reports the characters a return address may not hold:
// control characters (C0, DEL, C1) and the backslash.
func refusedInNext(r rune) bool {
	return r < 0x20 || (r >= 0x7f && r <= 0x9f) || r == '\\'
}
