package keys

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestNormaliseIPs(t *testing.T) {
	tests := []struct {
		in   []string
		want []string
	}{
		{nil, []string{}},
		{[]string{"203.0.113.7"}, []string{"203.0.113.7"}},
		{[]string{" 203.0.113.7 "}, []string{"203.0.113.7"}},
		{[]string{"2001:DB8:0:0::1"}, []string{"2001:db8::1"}},
		{[]string{"::ffff:198.51.100.1"}, []string{"198.51.100.1"}},
		{[]string{"10.0.0.0/8"}, []string{"10.0.0.0/8"}},
		{[]string{"10.1.2.3/8"}, []string{"10.0.0.0/8"}},
		{[]string{"10.1.2.3/32"}, []string{"10.1.2.3"}},
		{[]string{"2001:db8::1/128"}, []string{"2001:db8::1"}},
		{[]string{"2001:db8:ffff::/32"}, []string{"2001:db8::/32"}},
		{[]string{"::ffff:10.0.0.0/104"}, []string{"10.0.0.0/8"}},
		{[]string{"1.2.3.4", "::ffff:1.2.3.4", "1.2.3.4/32", "5.6.7.8"}, []string{"1.2.3.4", "5.6.7.8"}},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.in, ","), func(t *testing.T) {
			got, err := NormaliseIPs(tt.in)
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestNormaliseIPsRefuses(t *testing.T) {
	for _, entry := range []string{"", "localhost", "1.2.3", "256.0.0.1", "1.2.3.4/33", "fe80::1%eth0", "10.0.0.0/", "1.2.3.4:80"} {
		t.Run(entry, func(t *testing.T) {
			_, err := NormaliseIPs([]string{"1.1.1.1", entry})
			require.Error(t, err)
			assert.Equal(t, fmt.Sprintf("ips must contain only IP addresses or CIDR prefixes: %q is neither", entry), err.Error())
		})
	}
}

func TestNormaliseIPsLimit(t *testing.T) {
	entries := make([]string, MaxIPs)
	for i := range entries {
		entries[i] = fmt.Sprintf("10.0.0.%d", i)
	}
	got, err := NormaliseIPs(entries)
	require.NoError(t, err)
	assert.Len(t, got, MaxIPs)

	_, err = NormaliseIPs(append(entries, "10.0.1.0"))
	assert.EqualError(t, err, "ips must have at most 50 entries")
}

func TestNormaliseIPsShortensEcho(t *testing.T) {
	_, err := NormaliseIPs([]string{strings.Repeat("é", 100)})
	assert.EqualError(t, err, fmt.Sprintf("ips must contain only IP addresses or CIDR prefixes: %q is neither", strings.Repeat("é", 64)+"…"))
}
