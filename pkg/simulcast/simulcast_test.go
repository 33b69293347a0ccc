package simulcast

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParse(t *testing.T) {
	u, err := Parse("rtmps://a.rtmp.youtube.com:443/live2", false)
	require.NoError(t, err)
	assert.Equal(t, "a.rtmp.youtube.com", u.Hostname())
	assert.Equal(t, "/live2", u.Path)

	for raw, want := range map[string]string{
		"http://example.com/live":         "must be an rtmp or rtmps URL",
		"rtmp:///live":                    "must be an rtmp or rtmps URL",
		"rtmp://user:pw@example.com/live": "must not carry a user name or password",
		"rtmp://example.com/live?key=1":   "must not carry a query or fragment",
		"rtmp://192.168.1.10/live":        "must not point at a private, loopback or link-local address",
		"rtmp://localhost/live":           "must not point at a private, loopback or link-local address",
	} {
		_, err := Parse(raw, false)
		assert.EqualError(t, err, want, raw)
	}
	_, err = Parse("rtmp://127.0.0.1:1935/live", true)
	assert.NoError(t, err, "the devstack admits loopback")
}

func TestStates(t *testing.T) {
	for _, s := range []State{Idle, Connecting, Live, Error} {
		assert.True(t, s.Valid(), s)
	}
	assert.False(t, State("offline").Valid())
}
