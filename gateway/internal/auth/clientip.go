package auth

import (
	"fmt"
	"net/http"
	"net/netip"
	"slices"
	"strings"
)

// ClientIP finds the address a request came from. X-Forwarded-For is
// believed only from trusted proxies: anyone else could write any address
// into it and slip past a key's allow-list.
type ClientIP struct {
	trusted []netip.Prefix
}

// NewClientIP parses the trusted proxies, each an address or a CIDR prefix.
func NewClientIP(trustedProxies []string) (ClientIP, error) {
	var c ClientIP
	for _, entry := range trustedProxies {
		entry = strings.TrimSpace(entry)
		if entry == "" {
			continue
		}
		p, ok := parsePrefix(entry)
		if !ok {
			return ClientIP{}, fmt.Errorf("trusted proxy %q is neither an IP address nor a CIDR prefix", entry)
		}
		c.trusted = append(c.trusted, p)
	}
	return c, nil
}

// Of returns the client address of r: the connection's peer, or, when the
// peer is a trusted proxy, the nearest address in X-Forwarded-For that is
// not itself a trusted proxy (read right to left, as proxies append).
func (c ClientIP) Of(r *http.Request) netip.Addr {
	client := peerAddr(r.RemoteAddr)
	if !c.isTrusted(client) {
		return client
	}
	hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
	for i := len(hops) - 1; i >= 0; i-- {
		hop, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
		if err != nil {
			break // garbage: keep the last address a trusted proxy vouched for
		}
		client = hop.Unmap()
		if !c.isTrusted(client) {
			break
		}
	}
	return client
}

func (c ClientIP) isTrusted(addr netip.Addr) bool {
	return addr.IsValid() && slices.ContainsFunc(c.trusted, func(p netip.Prefix) bool { return p.Contains(addr) })
}

// peerAddr parses http.Request.RemoteAddr ("ip:port"); an invalid address
// is returned when it cannot.
func peerAddr(remote string) netip.Addr {
	if ap, err := netip.ParseAddrPort(remote); err == nil {
		return ap.Addr().Unmap()
	}
	addr, _ := netip.ParseAddr(remote)
	return addr.Unmap()
}
