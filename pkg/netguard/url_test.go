package netguard

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestURLPolicyCheck(t *testing.T) {
	const private = "must not point at a private, loopback or link-local address"
	strict, dev := URLPolicy{}, URLPolicy{AllowHTTP: true, AllowLoopback: true}
	tests := []struct {
		url      string
		strict   string
		devstack string
	}{
		{"https://hooks.example.com/vidhost", "", ""},
		{"https://93.184.216.34:8443/in", "", ""},
		{"http://hooks.example.com/vidhost", "must be an https URL", ""},
		{"ftp://hooks.example.com/", "must be an https URL", "must be an http or https URL"},
		{"hooks.example.com/vidhost", "must be an https URL", "must be an http or https URL"},
		{"https://", "must be an https URL", "must be an http or https URL"},
		{"https://user:pw@hooks.example.com/", "must not carry a user name or password", "must not carry a user name or password"},
		{"https://127.0.0.1/", private, ""},
		{"https://[::1]:8080/", private, ""},
		{"https://localhost/", private, ""},
		{"https://api.localhost./", private, ""},
		{"https://169.254.169.254/latest/meta-data", private, private},
		{"https://10.0.0.7/", private, private},
		{"https://[fd00::1]/", private, private},
		{"https://[::ffff:192.168.1.1]/", private, private},
		{"https://0.0.0.0/", private, private},
		// Numeric forms a resolver reads as an address are that address.
		{"http://0x7f000001/", "must be an https URL", ""},
		{"https://0x7f000001/", private, ""},
		{"https://0177.0.0.1/", private, ""},
		{"https://2130706433/", private, ""},
		{"https://127.1/", private, ""},
		{"https://0x7f.1:8080/", private, ""},
		{"https://127.0.0.1./", private, ""},
		{"https://0xa9.0xfe.0xa9.0xfe/latest/meta-data", private, private},
		{"https://012.0.0.1/", private, private},
		{"https://%31%32%37.0.0.1/", "must be an https URL", "must be an http or https URL"}, // Go refuses escapes in a host
		{"https://0x5db8d822/", "", ""},
		{"https://256.0.0.1/", "must name a host or a valid IP address", "must name a host or a valid IP address"},
	}
	for _, tt := range tests {
		t.Run(tt.url, func(t *testing.T) {
			assert.Equal(t, tt.strict, strict.Check(tt.url), "strict")
			assert.Equal(t, tt.devstack, dev.Check(tt.url), "devstack")
		})
	}
	assert.Equal(t, "must be at most 2000 characters", strict.Check("https://example.com/"+string(make([]byte, 2000))))
}

func TestURLPolicyOtherSchemes(t *testing.T) {
	rtmp := URLPolicy{Schemes: []string{"rtmp", "rtmps"}, NoQuery: true}
	for raw, want := range map[string]string{
		"rtmps://a.rtmp.youtube.com/live2":       "",
		"rtmp://live.twitch.tv/app":              "",
		"https://a.rtmp.youtube.com/live2":       "must be an rtmp or rtmps URL",
		"rtmp://10.1.2.3/live":                   "must not point at a private, loopback or link-local address",
		"rtmp://127.0.0.1:1935/live":             "must not point at a private, loopback or link-local address",
		"rtmp://live.example.com/app?key=secret": "must not carry a query or fragment",
		"rtmp://live.example.com/app#key":        "must not carry a query or fragment",
		"rtmp://user:pw@live.example.com/app":    "must not carry a user name or password",
	} {
		assert.Equal(t, want, rtmp.Check(raw), raw)
	}
	assert.Empty(t, URLPolicy{Schemes: []string{"rtmp"}, AllowLoopback: true}.Check("rtmp://127.0.0.1:1935/live"))
}
