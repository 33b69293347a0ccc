package sso

import (
	"net/netip"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/secrets"
)

func testService() *Service {
	return &Service{flows: secrets.BoxFor(secrets.MustRoot("0123456789abcdef0123456789abcdef"), secrets.SSOFlow), now: time.Now}
}

func TestFlowCookieOpensOnlyUntouched(t *testing.T) {
	s := testService()
	f := newFlow(Provider{ID: "p", AccountID: "a"}, time.Now())
	cookie := s.sealFlow(f)
	assert.NotContains(t, cookie, f.Verifier, "the verifier is sealed, not just signed")

	got, err := s.openFlow(cookie)
	require.NoError(t, err)
	assert.Equal(t, f, got)
	assert.True(t, got.matches(f.State))
	assert.False(t, got.matches(f.State+"x"))
	assert.False(t, got.matches(""))

	tampered := []byte(cookie)
	tampered[len(tampered)/2] ^= 1
	for _, bad := range []string{"", "not base64!", string(tampered), cookie[:20]} {
		_, err := s.openFlow(bad)
		assert.ErrorIs(t, err, errFlow, bad)
	}
	other := &Service{flows: secrets.BoxFor(secrets.MustRoot("another-root-secret-of-32-bytes-or-more"), secrets.SSOFlow)}
	_, err = other.openFlow(cookie)
	assert.ErrorIs(t, err, errFlow, "another installation's cookie")
}

func TestFlowsAreFresh(t *testing.T) {
	a, b := newFlow(Provider{}, time.Now()), newFlow(Provider{}, time.Now())
	assert.NotEqual(t, a.State, b.State)
	assert.NotEqual(t, a.Nonce, b.Nonce)
	assert.NotEqual(t, a.Verifier, b.Verifier)
}

func TestGuardedAddresses(t *testing.T) {
	for addr, want := range map[string]bool{
		"93.184.216.34": true, "2606:2800:220:1::1": true,
		"127.0.0.1": false, "10.0.0.1": false, "192.168.1.1": false, "169.254.169.254": false,
		"100.64.0.1": false, "::1": false, "fc00::1": false, "0.0.0.0": false,
	} {
		assert.Equal(t, want, allowedAddress(netip.MustParseAddr(addr), IssuerPolicy{}), addr)
	}
	assert.True(t, allowedAddress(netip.MustParseAddr("127.0.0.1"), IssuerPolicy{AllowLoopbackHTTP: true}))
	assert.False(t, allowedAddress(netip.MustParseAddr("10.0.0.1"), IssuerPolicy{AllowLoopbackHTTP: true}))
}

func TestAnUnreadableSecretIsThePersonsMessage(t *testing.T) {
	root := secrets.MustRoot("0123456789abcdef0123456789abcdef")
	s := &Service{secrets: secrets.BoxFor(root, secrets.IdentityProviderSecret)}
	p := Provider{ID: "p", AccountID: "a"}
	p.SealedSecret = s.seal(p, "secret")
	s.secrets = secrets.BoxFor(secrets.MustRoot("another-root-secret-of-32-bytes-or-more"), secrets.IdentityProviderSecret)
	_, err := s.open(t.Context(), p)
	assert.ErrorIs(t, err, errSecretUnreadable)
	assert.Equal(t, errSecretUnreadable.Error(), reasonOf(err))
}
