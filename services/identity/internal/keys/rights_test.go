package keys

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestWithin(t *testing.T) {
	readWrite := func(ips ...string) Key { return Key{Permissions: []string{}, IPs: ips} }
	readOnly := func(ips ...string) Key { return Key{Permissions: []string{PermissionFetch}, IPs: ips} }
	tests := []struct {
		name        string
		key, caller Key
		wantAllowed bool
	}{
		{"unrestricted caller", readWrite(), readWrite(), true},
		{"unrestricted caller, restricted key", readWrite("10.0.0.1"), readWrite(), true},
		{"restricted caller, unrestricted key", readWrite(), readWrite("10.0.0.0/8"), false},
		{"address in prefix", readWrite("10.9.9.9"), readWrite("10.0.0.0/8"), true},
		{"prefix in prefix", readWrite("10.9.0.0/16"), readWrite("10.0.0.0/8"), true},
		{"wider prefix", readWrite("10.0.0.0/7"), readWrite("10.0.0.0/8"), false},
		{"one entry outside", readWrite("10.0.0.1", "192.0.2.1"), readWrite("10.0.0.0/8"), false},
		{"same address", readWrite("192.0.2.1"), readWrite("192.0.2.1"), true},
		{"IPv6 in IPv6", readWrite("2001:db8::1"), readWrite("2001:db8::/32"), true},
		{"IPv4 not in IPv6", readWrite("10.0.0.1"), readWrite("2001:db8::/32"), false},
		{"read-only caller, writer key", readWrite(), readOnly(), false},
		{"read-only caller, read-only key", readOnly(), readOnly(), true},
		{"writer caller, read-only key", readOnly("10.0.0.1"), readWrite("10.0.0.1"), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			why := within(tt.key, tt.caller)
			assert.Equal(t, tt.wantAllowed, why == "", why)
		})
	}
}
