package netguard

import "net/netip"

// blockedPrefixes are the ranges a client's URL must not reach: everything
// that is not the public internet.
var blockedPrefixes = mustPrefixes(
	"0.0.0.0/8",       // "this network", including the unspecified address
	"10.0.0.0/8",      // private
	"100.64.0.0/10",   // carrier-grade NAT, often internal in clouds
	"127.0.0.0/8",     // loopback
	"169.254.0.0/16",  // link-local, where cloud metadata services live
	"172.16.0.0/12",   // private
	"192.0.0.0/24",    // IETF protocol assignments
	"192.0.2.0/24",    // documentation
	"192.168.0.0/16",  // private
	"198.18.0.0/15",   // benchmarking
	"198.51.100.0/24", // documentation
	"203.0.113.0/24",  // documentation
	"224.0.0.0/4",     // multicast
	"240.0.0.0/4",     // reserved, and the broadcast address
	"::/96",           // unspecified, loopback and IPv4-compatible addresses
	"64:ff9b::/96",    // NAT64: reaches IPv4 addresses, private ones included
	"64:ff9b:1::/48",  // local-use NAT64
	"100::/64",        // discard
	"2001::/32",       // Teredo tunnels
	"2001:db8::/32",   // documentation
	"2002::/16",       // 6to4 tunnels, which embed any IPv4 address
	"fc00::/7",        // unique local addresses (IPv6 private)
	"fe80::/10",       // link-local
	"fec0::/10",       // site-local, deprecated but still routed somewhere
	"ff00::/8",        // multicast
)

// Public reports whether addr is on the public internet.
func Public(addr netip.Addr) bool {
	addr = addr.Unmap().WithZone("") // ::ffff:127.0.0.1 is 127.0.0.1
	for _, prefix := range blockedPrefixes {
		if prefix.Contains(addr) {
			return false
		}
	}
	return addr.IsValid()
}

func mustPrefixes(texts ...string) []netip.Prefix {
	out := make([]netip.Prefix, len(texts))
	for i, text := range texts {
		out[i] = netip.MustParsePrefix(text)
	}
	return out
}
