package auth

import (
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestClientIP(t *testing.T) {
	cases := []struct {
		name         string
		trusted      []string
		remote       string
		forwardedFor []string
		want         string
	}{
		{"peer without proxies", nil, "192.0.2.1:5000", nil, "192.0.2.1"},
		{"forwarded-for ignored from an untrusted peer", nil, "192.0.2.1:5000", []string{"203.0.113.7"}, "192.0.2.1"},
		{"trusted proxy names the client", []string{"10.0.0.0/8"}, "10.0.0.2:5000", []string{"203.0.113.7"}, "203.0.113.7"},
		{"chain of trusted proxies", []string{"10.0.0.0/8"}, "10.0.0.2:5000", []string{"203.0.113.7, 10.0.0.9"}, "203.0.113.7"},
		{"spoofed hops left of the client are ignored", []string{"10.0.0.0/8"}, "10.0.0.2:5000", []string{"198.51.100.1, 203.0.113.7"}, "203.0.113.7"},
		{"several header lines", []string{"10.0.0.0/8"}, "10.0.0.2:5000", []string{"198.51.100.1", "203.0.113.7"}, "203.0.113.7"},
		{"garbage stops at the last trusted hop", []string{"10.0.0.0/8"}, "10.0.0.2:5000", []string{"junk, 10.0.0.9"}, "10.0.0.9"},
		{"IPv6 peer", nil, "[2001:db8::1]:443", nil, "2001:db8::1"},
		{"single trusted address", []string{"127.0.0.1"}, "127.0.0.1:1", []string{"203.0.113.7"}, "203.0.113.7"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c, err := NewClientIP(tc.trusted)
			require.NoError(t, err)
			r := httptest.NewRequest("GET", "/", nil)
			r.RemoteAddr = tc.remote
			for _, v := range tc.forwardedFor {
				r.Header.Add("X-Forwarded-For", v)
			}
			assert.Equal(t, tc.want, c.Of(r).String())
		})
	}
}

func TestClientIPRefusesBadProxies(t *testing.T) {
	_, err := NewClientIP([]string{"10.0.0.0/33"})
	assert.Error(t, err)
}

func TestBearerKey(t *testing.T) {
	cases := []struct {
		header, key string
		ok          bool
	}{
		{"Bearer abc", "abc", true},
		{"bearer abc", "abc", true},
		{"BEARER  abc ", "abc", true},
		{"Bearer ", "", false},
		{"Bearer a b", "", false},
		{"Basic abc", "", false},
		{"", "", false},
	}
	for _, tc := range cases {
		t.Run(tc.header, func(t *testing.T) {
			key, ok := bearerKey(tc.header)
			assert.Equal(t, tc.ok, ok)
			if tc.ok {
				assert.Equal(t, tc.key, key)
			}
		})
	}
}
