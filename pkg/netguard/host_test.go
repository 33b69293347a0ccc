package netguard

import (
	"net/netip"
	"testing"

	"github.com/stretchr/testify/assert"
)

// Every form a resolver or browser reads as an address is read as that
// address, so a URL check cannot be passed with 127.0.0.1 spelt otherwise.
func TestHostAddrReadsEveryNumericForm(t *testing.T) {
	tests := []struct {
		host string
		want string // "" for a host name
	}{
		{"127.0.0.1", "127.0.0.1"},
		{"::1", "::1"},
		{"0x7f000001", "127.0.0.1"}, // hexadecimal
		{"0X7F000001", "127.0.0.1"}, // upper case
		{"0177.0.0.1", "127.0.0.1"}, // octal
		{"0177.0000.0000.0001", "127.0.0.1"},
		{"2130706433", "127.0.0.1"},   // one decimal number
		{"017700000001", "127.0.0.1"}, // one octal number
		{"127.1", "127.0.0.1"},        // the last part fills three bytes
		{"127.0.1", "127.0.0.1"},      // and two
		{"0x7f.1", "127.0.0.1"},       // mixed
		{"0x7f.0.0.0x1", "127.0.0.1"},
		{"0xa9.0xfe.0xa9.0xfe", "169.254.169.254"},
		{"169.254.43518", "169.254.169.254"},
		{"0xa.1", "10.0.0.1"},
		{"127.0.0.1.", "127.0.0.1"}, // a trailing dot
		{"0x7f000001.", "127.0.0.1"},
		{"0x", "0.0.0.0"},
		{"0", "0.0.0.0"},
		{"１２７.0.0.1", "127.0.0.1"}, // full-width digits map to ASCII
		{"0x5db8d822", "93.184.216.34"},
		{"hooks.example.com", ""},
		{"0x7f.example.com", ""},
		{"1.example", ""},
		{"localhost", ""},
		{"deadbeef", ""}, // hex digits without 0x: a name
	}
	for _, tt := range tests {
		t.Run(tt.host, func(t *testing.T) {
			addr, isAddr, err := HostAddr(tt.host)
			assert.NoError(t, err)
			if tt.want == "" {
				assert.False(t, isAddr, "read as %s", addr)
				return
			}
			assert.True(t, isAddr)
			assert.Equal(t, netip.MustParseAddr(tt.want), addr)
		})
	}
}

// A host that ends in a number but is no address is an error, never a name
// a resolver might still read as something.
func TestHostAddrRefusesBadNumbers(t *testing.T) {
	for _, host := range []string{
		"256.0.0.1", "1.2.3.4.5", "0x100000000", "4294967296", "08.0.0.1", "0x7g.1",
		"127..1", "1.256.1", "1.1.65536", "example.com.08", "1.2.3.0x1ff",
	} {
		t.Run(host, func(t *testing.T) {
			_, isAddr, err := HostAddr(host)
			assert.True(t, isAddr)
			assert.Error(t, err)
		})
	}
}
