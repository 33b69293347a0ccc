package fetch

import (
	"fmt"
	"net/netip"
	"slices"
	"syscall"

	"github.com/vidhost/vidhost/pkg/netguard"
)

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
	return netguard.Public(addrPort.Addr())
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
