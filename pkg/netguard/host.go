package netguard

import (
	"errors"
	"net/netip"
	"strconv"
	"strings"

	"golang.org/x/net/idna"
)

// errBadNumericHost is a host that reads as an IPv4 address in some form
// but is not a valid one (a part too large, a bad digit).
var errBadNumericHost = errors.New("netguard: invalid numeric host")

// HostAddr reads a URL's host name (url.URL.Hostname: no brackets, no
// port) as an IP address the way resolvers and browsers do, so that a
// check of the URL sees the address a request would reach. Besides the
// canonical forms it accepts what inet_aton and the WHATWG URL standard
// accept: hexadecimal (0x7f000001), octal (0177.0.0.1), a single decimal
// number (2130706433), fewer than four parts (127.1, 0x7f.1), a trailing
// dot, and full-width digits (which IDNA maps to ASCII). isAddr is false
// for a host name; err is set for a host that ends in a number but is no
// valid address.
func HostAddr(host string) (addr netip.Addr, isAddr bool, err error) {
	if addr, err := netip.ParseAddr(host); err == nil {
		return addr, true, nil
	}
	if ascii, err := idna.Lookup.ToASCII(host); err == nil {
		host = ascii // ０x7f.1 is what a client dials as 0x7f.1
	}
	host = strings.ToLower(strings.TrimSuffix(host, "."))
	if addr, err := netip.ParseAddr(host); err == nil {
		return addr, true, nil
	}
	parts := strings.Split(host, ".")
	if !numericPart(parts[len(parts)-1]) {
		return netip.Addr{}, false, nil // a name: resolved, and checked, when dialled
	}
	addr, err = parseIPv4Parts(parts)
	return addr, true, err
}

// numericPart says whether the host's last label makes it an address
// rather than a name (WHATWG "ends in a number").
func numericPart(part string) bool {
	if part == "" {
		return false
	}
	if digits, ok := strings.CutPrefix(part, "0x"); ok {
		return strings.Trim(digits, "0123456789abcdef") == ""
	}
	return strings.Trim(part, "0123456789") == ""
}

// parseIPv4Parts combines one to four numbers as inet_aton does: each part
// but the last is one byte, the last fills the bytes left.
func parseIPv4Parts(parts []string) (netip.Addr, error) {
	if len(parts) > 4 {
		return netip.Addr{}, errBadNumericHost
	}
	var value uint64
	for i, part := range parts {
		n, err := parseIPv4Number(part)
		if err != nil {
			return netip.Addr{}, err
		}
		if i < len(parts)-1 {
			if n > 255 {
				return netip.Addr{}, errBadNumericHost
			}
			value = value<<8 | n
			continue
		}
		rest := uint(8 * (5 - len(parts))) // bits the last part fills
		if n >= 1<<rest {
			return netip.Addr{}, errBadNumericHost
		}
		value = value<<rest | n
	}
	return netip.AddrFrom4([4]byte{byte(value >> 24), byte(value >> 16), byte(value >> 8), byte(value)}), nil
}

// parseIPv4Number reads one part: 0x-prefixed hexadecimal (0x alone is 0),
// a leading 0 for octal, else decimal.
func parseIPv4Number(part string) (uint64, error) {
	base := 10
	switch {
	case strings.HasPrefix(part, "0x"):
		part, base = part[2:], 16
		if part == "" {
			return 0, nil
		}
	case len(part) > 1 && part[0] == '0':
		part, base = part[1:], 8
	}
	n, err := strconv.ParseUint(part, base, 32)
	if err != nil || part == "" || strings.ContainsAny(part, "+-_") {
		return 0, errBadNumericHost
	}
	return n, nil
}
