package netguard

import (
	"net/url"
	"slices"
	"strings"
)

// MaxURLLength bounds a URL a client saves.
const MaxURLLength = 2000

// URLPolicy checks a URL a client gives the server to call later (a
// webhook, an S3 endpoint) when it is saved. It can only judge what the URL
// says: a host name is resolved, and its addresses checked with Public, when
// the request is made.
type URLPolicy struct {
	// AllowHTTP accepts http:// as well as https:// (the devstack).
	AllowHTTP bool
	// AllowLoopback accepts this machine: loopback addresses and localhost
	// (the devstack, whose test receivers listen there).
	AllowLoopback bool
	// Schemes replaces https (and http) with other schemes: a restream's
	// rtmp and rtmps (docs/live.md). AllowHTTP does not apply then.
	Schemes []string
	// NoQuery refuses a query or fragment: a restream's stream key is a
	// field of its own, sealed at rest, and must not hide in its URL.
	NoQuery bool
}

// Check returns "" when raw is acceptable, or else the rule it breaks,
// worded to follow the field's name: "must be an https URL".
func (p URLPolicy) Check(raw string) string {
	if len(raw) > MaxURLLength {
		return "must be at most 2000 characters"
	}
	u, err := url.Parse(raw)
	schemes := p.schemes()
	if err != nil || u.Host == "" || u.Opaque != "" || !slices.Contains(schemes, u.Scheme) {
		return "must be " + article(schemes[0]) + " " + strings.Join(schemes, " or ") + " URL"
	}
	if u.User != nil {
		return "must not carry a user name or password"
	}
	if p.NoQuery && (u.RawQuery != "" || u.Fragment != "" || u.ForceQuery) {
		return "must not carry a query or fragment"
	}
	return p.checkHost(u.Hostname())
}

// schemes are the accepted schemes, in the order the rule names them.
func (p URLPolicy) schemes() []string {
	switch {
	case len(p.Schemes) > 0:
		return p.Schemes
	case p.AllowHTTP:
		return []string{"http", "https"}
	}
	return []string{"https"}
}

// article is the indefinite article before a scheme's name as it is read
// aloud: "an https URL", "an rtmp URL".
func article(scheme string) string {
	if strings.ContainsRune("aefhilmnorsx", rune(scheme[0])) {
		return "an"
	}
	return "a"
}

// checkHost refuses hosts that name this machine or a non-public network.
func (p URLPolicy) checkHost(host string) string {
	const rule = "must not point at a private, loopback or link-local address"
	addr, isAddr, err := HostAddr(host) // 0x7f000001 and 0177.0.0.1 are 127.0.0.1 to a resolver
	switch {
	case err != nil:
		return "must name a host or a valid IP address"
	case isAddr && (Public(addr) || p.AllowLoopback && addr.Unmap().IsLoopback()):
		return ""
	case isAddr:
		return rule
	}
	name := strings.TrimSuffix(strings.ToLower(host), ".")
	if name == "localhost" || strings.HasSuffix(name, ".localhost") {
		if p.AllowLoopback {
			return ""
		}
		return rule
	}
	return ""
}
