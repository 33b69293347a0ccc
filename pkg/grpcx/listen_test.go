package grpcx

import (
	"net"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestListenPrefersTheGivenListener(t *testing.T) {
	given, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	t.Cleanup(func() { _ = given.Close() })

	got, err := Listen(given, "127.0.0.1:1")
	require.NoError(t, err)
	assert.Same(t, given, got, "the address is not used when a listener is given")

	own, err := Listen(nil, "127.0.0.1:0")
	require.NoError(t, err)
	t.Cleanup(func() { _ = own.Close() })
	assert.NotEqual(t, given.Addr().String(), own.Addr().String())

	_, err = Listen(nil, "127.0.0.1:notaport")
	assert.ErrorContains(t, err, "listen on 127.0.0.1:notaport")
}
