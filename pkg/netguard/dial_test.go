package netguard

import (
	"net/netip"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestLoopbackAllowsThisMachineOnly(t *testing.T) {
	allowed := PublicOr(nil, true)
	tests := []struct {
		addr string
		want bool
	}{
		{"127.0.0.1:8080", true},
		{"[::1]:8080", true},
		{"[::ffff:127.0.0.1]:80", true},
		{"8.8.8.8:443", true},
		{"169.254.169.254:80", false}, // cloud metadata stays out of reach
		{"10.0.0.1:80", false},
		{"192.168.1.1:80", false},
		{"[fd00::1]:80", false},
	}
	for _, tt := range tests {
		t.Run(tt.addr, func(t *testing.T) {
			assert.Equal(t, tt.want, allowed(netip.MustParseAddrPort(tt.addr)))
		})
	}
}
