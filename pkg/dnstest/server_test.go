package dnstest

import (
	"context"
	"net"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestServerAnswersTheTXTRecordsSet(t *testing.T) {
	s, err := Start()
	require.NoError(t, err)
	t.Cleanup(func() { _ = s.Close() })
	resolver := &net.Resolver{PreferGo: true, Dial: func(ctx context.Context, network, _ string) (net.Conn, error) {
		var d net.Dialer
		return d.DialContext(ctx, network, s.Addr)
	}}
	s.SetTXT("_vidhost-verify.Example.COM", "vidhost-verify=abc", "other")
	got, err := resolver.LookupTXT(t.Context(), "_vidhost-verify.example.com")
	require.NoError(t, err)
	assert.Equal(t, []string{"vidhost-verify=abc", "other"}, got)

	s.SetTXT("_vidhost-verify.example.com")
	_, err = resolver.LookupTXT(t.Context(), "_vidhost-verify.example.com")
	var dnsErr *net.DNSError
	require.ErrorAs(t, err, &dnsErr)
	assert.True(t, dnsErr.IsNotFound)
}

func TestServerAnswersTheAddressSet(t *testing.T) {
	s, err := Start()
	require.NoError(t, err)
	t.Cleanup(func() { _ = s.Close() })
	resolver := &net.Resolver{PreferGo: true, Dial: func(ctx context.Context, network, _ string) (net.Conn, error) {
		var d net.Dialer
		return d.DialContext(ctx, network, s.Addr)
	}}
	s.SetA("Video.Example.com", net.IPv4(127, 0, 0, 1))
	got, err := resolver.LookupHost(t.Context(), "video.example.com")
	require.NoError(t, err)
	assert.Equal(t, []string{"127.0.0.1"}, got)
}
