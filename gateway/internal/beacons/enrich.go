package beacons

import (
	"net"
	"net/url"
	"strings"
)

// Unknown is the bucket of a domain, country, device or browser that cannot
// be told.
const Unknown = "unknown"

// Domain is the normalised host of the embedding page's URL: lower case,
// without port, trailing dot or a leading "www."; Unknown when the page sent
// no referrer or it is not an http(s) URL.
func Domain(pageURL string) string {
	u, err := url.Parse(strings.TrimSpace(pageURL))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
		return Unknown
	}
	host := u.Hostname()
	if h, _, err := net.SplitHostPort(u.Host); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.ToLower(host), ".")
	host = strings.TrimPrefix(host, "www.")
	if host == "" || len(host) > 253 {
		return Unknown
	}
	return host
}

// botMarkers are User-Agent fragments of crawlers, monitors and HTTP
// libraries. Headless Chrome is not among them: it is also how sites
// prerender and how the project's own browser tests play videos.
var botMarkers = []string{
	"bot", "crawl", "spider", "slurp", "curl/", "wget/", "python-", "go-http-client",
	"java/", "okhttp", "httpclient", "facebookexternalhit", "preview", "monitor", "lighthouse",
}

// IsBot reports whether userAgent is obviously not a person's browser: empty,
// or naming a crawler or an HTTP library.
func IsBot(userAgent string) bool {
	ua := strings.ToLower(userAgent)
	if strings.TrimSpace(ua) == "" {
		return true
	}
	for _, marker := range botMarkers {
		if strings.Contains(ua, marker) {
			return true
		}
	}
	return false
}

// Origin is the scheme and host of pageURL (a Referer header), lower-cased,
// or "" when it is not an absolute http(s) URL.
func Origin(pageURL string) string {
	u, err := url.Parse(strings.TrimSpace(pageURL))
	if err != nil || Domain(pageURL) == Unknown {
		return ""
	}
	return strings.ToLower(u.Scheme + "://" + u.Host) // Host has no credentials: they are u.User
}
