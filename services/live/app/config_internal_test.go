package app

import (
	"net"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/config"
)

func TestTheLowLatencyPortDefaultsToLoopback(t *testing.T) {
	cfg := config.Defaults[Config]()
	assert.Equal(t, "127.0.0.1:9105", cfg.HTTPAddr, "beside the other services' 910x ports, on loopback")
	assert.Empty(t, cfg.HTTPURL)
}

func TestTheOriginURLNamesAHostTheGatewayReaches(t *testing.T) {
	tests := []struct {
		name, httpURL, listener, want, fails string
	}{
		{name: "the listener's own address", listener: "127.0.0.1:9105", want: "http://127.0.0.1:9105"},
		{name: "configured", httpURL: "http://10.1.2.3:9105/", listener: "0.0.0.0:9105", want: "http://10.1.2.3:9105"},
		{name: "every address, unnamed", listener: "0.0.0.0:9105", fails: "VIDHOST_LIVE_HTTP_URL must be set"},
		{name: "every IPv6 address, unnamed", listener: "[::]:9105", fails: "VIDHOST_LIVE_HTTP_URL must be set"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			addr, err := net.ResolveTCPAddr("tcp", tt.listener)
			require.NoError(t, err)
			got, err := Config{HTTPURL: tt.httpURL}.originURL(addr)
			if tt.fails != "" {
				assert.ErrorContains(t, err, tt.fails)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestValidateRefusesAMalformedOriginURL(t *testing.T) {
	cfg := Config{WorkDir: "/tmp/live", StallTimeout: 1}
	cfg.InternalSecret = strings.Repeat("s", 32)
	cfg.HTTPURL = "10.1.2.3:9105"
	assert.ErrorContains(t, cfg.Validate(), "VIDHOST_LIVE_HTTP_URL")
}
