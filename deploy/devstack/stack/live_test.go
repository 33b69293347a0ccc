package stack

import (
	"net"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestIngestURLs(t *testing.T) {
	any1935 := &net.TCPAddr{IP: net.IPv6zero, Port: 1935}
	loopback := &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 41935}
	server := &Stack{prod: &Production{PublicURL: "https://video.example.com"}}
	devstack := &Stack{}

	assert.Equal(t, "rtmp://video.example.com:1935/live", server.ingestURL("rtmp", any1935, "/live", ""),
		"a server names its public host with the listener's port")
	assert.Equal(t, "srt://video.example.com:1935", server.ingestURL("srt", any1935, "", ""))
	assert.Equal(t, "rtmp://live.example.com:1936/live", server.ingestURL("rtmp", any1935, "/live", "rtmp://live.example.com:1936/live"),
		"a configured URL wins (NAT, port forward)")
	assert.Equal(t, "rtmp://127.0.0.1:41935/live", devstack.ingestURL("rtmp", loopback, "/live", ""),
		"the devstack gives its loopback listener")
}
