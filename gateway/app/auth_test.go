package app_test

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/vidhost/vidhost/gateway/app"
	"github.com/vidhost/vidhost/pkg/envelope"
)

func TestAuthentication(t *testing.T) {
	b := setup(t)
	unauthenticated := envelope.Error{Message: "a valid API key is required", Code: "unauthenticated"}
	cases := []struct {
		name   string
		call   call
		status int
		want   envelope.Error // zero for success
	}{
		{"no key", call{method: "GET", path: "/v2/players"}, 401, unauthenticated},
		{"unknown key", call{method: "GET", path: "/v2/players", key: "nope"}, 401, unauthenticated},
		{"not a bearer", call{method: "GET", path: "/v2/players", header: map[string]string{"Authorization": "Basic cnctdXNlcg=="}}, 401, unauthenticated},
		{"scheme is case-insensitive", call{method: "GET", path: "/v2/players", header: map[string]string{"Authorization": "bearer " + keyReadWrite}}, 200, envelope.Error{}},
		{"read-only key reads", call{method: "GET", path: "/v2/players", key: keyReadOnly}, 200, envelope.Error{}},
		{"read-only key creates", call{method: "POST", path: "/v2/players", key: keyReadOnly, body: `{"name":"x"}`}, 403, envelope.Error{Message: "this API key is read-only", Code: "read_only_key"}},
		{"read-only key deletes", call{method: "DELETE", path: "/v2/players/p1", key: keyReadOnly}, 403, envelope.Error{Message: "this API key is read-only", Code: "read_only_key"}},
		{"key from another address", call{method: "GET", path: "/v2/players", key: keyElsewhere}, 403, envelope.Error{Message: "this API key is not allowed from 127.0.0.1", Code: "ip_not_allowed"}},
		{"forwarded-for from an untrusted peer is ignored", call{method: "GET", path: "/v2/players", key: keyElsewhere,
			header: map[string]string{"X-Forwarded-For": "203.0.113.7"}}, 403, envelope.Error{Message: "this API key is not allowed from 127.0.0.1", Code: "ip_not_allowed"}},
		{"key allowed by CIDR", call{method: "GET", path: "/v2/players", key: keyLoopback}, 200, envelope.Error{}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			resp, env := b.do(t, tc.call)
			if tc.status == http.StatusOK {
				assert.Equal(t, tc.status, resp.StatusCode, "%+v", env)
				return
			}
			assertFailure(t, resp, env, tc.status, tc.want)
			if tc.status == http.StatusUnauthorized {
				assert.Equal(t, "Bearer", resp.Header.Get("WWW-Authenticate"))
			}
		})
	}
}

func TestForwardedForFromTrustedProxy(t *testing.T) {
	b := setup(t, func(c *app.Config) { c.TrustedProxies = []string{"127.0.0.1"} })
	cases := []struct {
		name, forwardedFor string
		status             int
	}{
		{"allowed client behind the proxy", "203.0.113.7", http.StatusOK},
		{"client-written hop left of the real one is ignored", "203.0.113.7, 192.0.2.9", http.StatusForbidden},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			resp, env := b.do(t, call{method: "GET", path: "/v2/players", key: keyElsewhere,
				header: map[string]string{"X-Forwarded-For": tc.forwardedFor}})
			assert.Equal(t, tc.status, resp.StatusCode, "%+v", env)
		})
	}
}
