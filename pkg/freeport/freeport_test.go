package freeport

import (
	"net"
	"os"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPortsAreDistinctBindableAndBelowTheEphemeralRange(t *testing.T) {
	ports, err := Ports(50)
	require.NoError(t, err)
	seen := map[int]bool{}
	start := ephemeralStart()
	for _, port := range ports {
		assert.False(t, seen[port], "port %d twice", port)
		seen[port] = true
		assert.GreaterOrEqual(t, port, lowest)
		assert.Less(t, port, start, "inside the ephemeral range")
		lis, err := net.Listen("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(port)))
		require.NoError(t, err, "port %d", port)
		require.NoError(t, lis.Close())
	}
}

// A port someone listens on is never handed out.
func TestATakenPortIsSkipped(t *testing.T) {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer lis.Close()
	busy := lis.Addr().(*net.TCPAddr).Port
	port, err := draw(busy, busy, map[int]bool{})
	require.Error(t, err, "drew port %d", port)
	assert.Contains(t, err.Error(), "no free port")
}

func TestTheRangeComesFromTheKernel(t *testing.T) {
	dir := t.TempDir()
	saved := rangeFile
	t.Cleanup(func() { rangeFile = saved })

	rangeFile = dir + "/missing"
	assert.Equal(t, fallbackEphemeralStart, ephemeralStart())

	rangeFile = dir + "/range"
	require.NoError(t, os.WriteFile(rangeFile, []byte("20000\t60999\n"), 0o600))
	assert.Equal(t, 20000, ephemeralStart())

	require.NoError(t, os.WriteFile(rangeFile, []byte("9000\t60999\n"), 0o600))
	_, err := Ports(1)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "no ports below it")
}
