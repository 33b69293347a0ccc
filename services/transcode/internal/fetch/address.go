package fetch

import (
	"fmt"
	"net/netip"
	"slices"
	"syscall"
)

// blockedPrefixes are the ranges a source URL must not reach: everything
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

// publicAddress reports whether addr is on the public internet.
func publicAddress(addr netip.Addr) bool {
	addr = addr.Unmap().WithZone("") // ::ffff:127.0.0.1 is 127.0.0.1
	for _, prefix := range blockedPrefixes {
		if prefix.Contains(addr) {
			return false
		}
	}
	return addr.IsValid()
}

// dialControl runs just before each connection, with the address DNS gave:
// checking here, not the URL's host name, covers DNS rebinding and redirects.
func dialControl(allowed func(netip.AddrPort) bool) func(string, string, syscall.RawConn) error {
	return func(_, address string, _ syscall.RawConn) error {
		addrPort, err := netip.ParseAddrPort(address)
		if err != nil {
			return fmt.Errorf("%w: %s", ErrBlockedAddress, address)
		}
		if !allowed(addrPort) {
			return fmt.Errorf("%w: %s", ErrBlockedAddress, addrPort.Addr())
		}
		return nil
	}
}

func publicAddrPort(addrPort netip.AddrPort) bool {
	return publicAddress(addrPort.Addr())
}

func anyAddrPort(netip.AddrPort) bool { return true }

// publicOrTrusted allows public addresses, exactly the trusted pairs, and
// loopback addresses when loopback is true.
func publicOrTrusted(trusted []netip.AddrPort, loopback bool) func(netip.AddrPort) bool {
	return func(ap netip.AddrPort) bool {
		ap = netip.AddrPortFrom(ap.Addr().Unmap(), ap.Port())
		return slices.Contains(trusted, ap) || publicAddrPort(ap) || (loopback && ap.Addr().IsLoopback())
	}
}

func mustPrefixes(texts ...string) []netip.Prefix {
	out := make([]netip.Prefix, len(texts))
	for i, text := range texts {
		out[i] = netip.MustParsePrefix(text)
	}
	return out
}
