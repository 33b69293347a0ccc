package app

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestWHIPSettingsAreCheckedOnlyWhenOn(t *testing.T) {
	tests := []struct {
		name     string
		settings WHIPSettings
		wantErr  string
	}{
		{"off", WHIPSettings{UDPAddr: "", PublicIPs: []string{"nope"}}, ""},
		{"on", WHIPSettings{Addr: ":8889", UDPAddr: ":8189", PublicIPs: []string{"203.0.113.7", "2001:db8::7"}}, ""},
		{"no UDP port", WHIPSettings{Addr: ":8889"}, "VIDHOST_LIVE_WHIP_UDP_ADDR must be set"},
		{"a name for an IP", WHIPSettings{Addr: ":8889", UDPAddr: ":8189", PublicIPs: []string{"live.example.com"}}, `"live.example.com" is not an IP address`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.settings.validate()
			if tt.wantErr == "" {
				assert.NoError(t, err)
				return
			}
			assert.ErrorContains(t, err, tt.wantErr)
		})
	}
}
