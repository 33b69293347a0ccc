package netguard

import (
	"fmt"
	"net/netip"
	"slices"
	"syscall"
)

// Allow says whether a connection may be made to an address.
type Allow func(netip.AddrPort) bool

// PublicOnly allows the public internet only.
func PublicOnly(ap netip.AddrPort) bool { return Public(ap.Addr()) }

// AnyAddress allows everything: for operators who fetch from their own
// network on purpose.
func AnyAddress(netip.AddrPort) bool { return true }

// PublicOr allows public addresses, exactly the trusted address and port
// pairs, and this machine's loopback addresses when loopback is true.
func PublicOr(trusted []netip.AddrPort, loopback bool) Allow {
	return func(ap netip.AddrPort) bool {
		ap = netip.AddrPortFrom(ap.Addr().Unmap(), ap.Port())
		return slices.Contains(trusted, ap) || PublicOnly(ap) || (loopback && ap.Addr().IsLoopback())
	}
}

// Control is a net.Dialer Control hook: it runs just before each
// connection, with the address DNS gave, and refuses those allow refuses
// with an error wrapping blocked. Checking there, not the URL's host name,
// covers DNS rebinding and every redirect.
func Control(allow Allow, blocked error) func(network, address string, c syscall.RawConn) error {
	return func(_, address string, _ syscall.RawConn) error {
		addrPort, err := netip.ParseAddrPort(address)
		if err != nil {
			return fmt.Errorf("%w: %s", blocked, address)
		}
		if !allow(addrPort) {
			return fmt.Errorf("%w: %s", blocked, addrPort.Addr())
		}
		return nil
	}
}
