package auth

import (
	"net/netip"
	"testing"

	"github.com/stretchr/testify/assert"

	identityv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
)

func TestCredentialAllowsIP(t *testing.T) {
	cases := []struct {
		name    string
		ips     []string
		client  string
		allowed bool
	}{
		{"no list allows anyone", nil, "192.0.2.1", true},
		{"exact address", []string{"192.0.2.1"}, "192.0.2.1", true},
		{"other address", []string{"192.0.2.1"}, "192.0.2.2", false},
		{"inside a prefix", []string{"10.0.0.0/8"}, "10.1.2.3", true},
		{"outside a prefix", []string{"10.0.0.0/8"}, "11.0.0.1", false},
		{"IPv6 prefix", []string{"2001:db8::/32"}, "2001:db8::7", true},
		{"IPv4-mapped client", []string{"192.0.2.1"}, "::ffff:192.0.2.1", true},
		{"unparseable list allows nobody", []string{"not-an-ip"}, "192.0.2.1", false},
		{"unknown client address with a list", []string{"192.0.2.1"}, "", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cred := credentialFromProto(&identityv1.Principal{AccountId: "a", Ips: tc.ips})
			client, _ := netip.ParseAddr(tc.client)
			assert.Equal(t, tc.allowed, cred.AllowsIP(client))
		})
	}
}

func TestCredentialReadOnly(t *testing.T) {
	assert.True(t, credentialFromProto(&identityv1.Principal{Permissions: []string{"fetch"}}).Principal.ReadOnly)
	assert.False(t, credentialFromProto(&identityv1.Principal{Permissions: []string{}}).Principal.ReadOnly)
}
