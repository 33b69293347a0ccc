package keys

import (
	"net/netip"
	"strings"

	"github.com/vidhost/vidhost/pkg/apirules"
	"github.com/vidhost/vidhost/pkg/apperr"
)

// MaxIPs bounds a key's address list; more belongs in a firewall.
const MaxIPs = apirules.APIKeyIPsMax

// maxEcho bounds how much of a bad entry an error message repeats.
const maxEcho = 64

// NormaliseIPs validates and normalises a key's allowed client addresses.
//
// Each entry is an IPv4 or IPv6 address ("203.0.113.7", "2001:db8::1") or a
// CIDR prefix ("10.0.0.0/8", "2001:db8::/32"): the interface speaks of
// addresses, but clients behind NAT pools and cloud egress ranges need
// prefixes, and a prefix that covers one address is that address. Entries
// are trimmed and written canonically: IPv6 compressed and lower-case,
// IPv4-mapped IPv6 (::ffff:1.2.3.4) as plain IPv4, prefixes with their host
// bits cleared (10.1.2.3/8 becomes 10.0.0.0/8), /32 and /128 prefixes as
// bare addresses. Duplicates are dropped, order is kept. Zoned addresses
// (fe80::1%eth0) are refused: a zone means nothing to a remote server.
// The result is never nil, so the stored array is never NULL.
func NormaliseIPs(entries []string) ([]string, error) {
	if len(entries) > MaxIPs {
		return nil, apperr.InvalidField("ips", "must have at most %d entries", MaxIPs)
	}
	out := make([]string, 0, len(entries))
	seen := make(map[string]bool, len(entries))
	for _, entry := range entries {
		canonical, ok := canonicalIP(strings.TrimSpace(entry))
		if !ok {
			return nil, apperr.InvalidField("ips", "must contain only IP addresses or CIDR prefixes: %q is neither", echo(entry))
		}
		if !seen[canonical] {
			seen[canonical] = true
			out = append(out, canonical)
		}
	}
	return out, nil
}

func canonicalIP(s string) (string, bool) {
	if addr, err := netip.ParseAddr(s); err == nil {
		if addr.Zone() != "" {
			return "", false
		}
		return addr.Unmap().String(), true
	}
	prefix, err := netip.ParsePrefix(s) // refuses zones itself
	if err != nil {
		return "", false
	}
	addr, bits := prefix.Addr(), prefix.Bits()
	if addr.Is4In6() && bits >= 96 {
		addr, bits = addr.Unmap(), bits-96
	}
	prefix = netip.PrefixFrom(addr, bits).Masked()
	if bits == addr.BitLen() {
		return prefix.Addr().String(), true
	}
	return prefix.String(), true
}

// echo shortens s to maxEcho characters (never splitting one).
func echo(s string) string {
	if r := []rune(s); len(r) > maxEcho {
		return string(r[:maxEcho]) + "…"
	}
	return s
}
