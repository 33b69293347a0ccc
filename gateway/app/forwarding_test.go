package app_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/pkg/roles"
)

func TestPrincipalAndRequestIDReachTheService(t *testing.T) {
	b := setup(t)
	cases := []struct {
		name, sent string
		echoed     bool
	}{
		{"sane id is kept", "req-42_a.B", true},
		{"id with spaces is replaced", "bad id!", false},
		{"overlong id is replaced", strings.Repeat("a", 65), false},
		{"missing id is generated", "", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			resp, _ := b.do(t, call{method: "GET", path: "/v2/players/p1", key: keyReadWrite,
				header: map[string]string{"X-Request-Id": tc.sent}})
			require.Equal(t, http.StatusOK, resp.StatusCode)
			id := resp.Header.Get("X-Request-Id")
			if tc.echoed {
				assert.Equal(t, tc.sent, id)
			} else {
				assert.Len(t, id, 21)
			}
			seen := b.backends.Catalog.Last()
			assert.Equal(t, id, seen.RequestID)
			assert.Equal(t, principal.Principal{AccountID: "acc1", KeyID: "key1", ActorID: "user1",
				ActorType: principal.ActorAPIKey, Role: roles.Owner, ClientIP: "127.0.0.1", LiveEnabled: true}, seen.Principal,
				"the actor type and the client address as the gateway saw it reach the service")
		})
	}
}

func TestCallsAreSignedAsTheGatewayForTheirMethod(t *testing.T) {
	b := setup(t)
	resp, _ := b.do(t, call{method: "GET", path: "/v2/players/p1", key: keyReadWrite})
	require.Equal(t, http.StatusOK, resp.StatusCode)
	md := b.backends.Catalog.Last().Metadata
	assert.Equal(t, []string{"gateway"}, md.Get("x-vidhost-caller"))
	assert.Equal(t, []string{"/vidhost.catalog.v1.CatalogService/GetPlayer"}, md.Get("x-vidhost-method"))
}

func TestClientHeadersAreNotForwarded(t *testing.T) {
	b := setup(t)
	resp, _ := b.do(t, call{method: "GET", path: "/v2/players/p1", key: keyReadWrite, header: map[string]string{
		"Grpc-Metadata-X-Vidhost-Account": "acc2",
		"X-Custom":                        "1",
		"Grpc-Timeout":                    "1n",
		"X-Forwarded-Host":                "evil.example",
	}})
	require.Equal(t, http.StatusOK, resp.StatusCode)
	md := b.backends.Catalog.Last().Metadata
	assert.Empty(t, md.Get("authorization"), "the bearer key stays at the edge")
	assert.NotEqual(t, []string{"evil.example"}, md.Get("x-forwarded-host"))
	for key := range md {
		assert.False(t, strings.HasPrefix(key, "grpcgateway-"), key)
		assert.NotEqual(t, "x-custom", key)
	}
	assert.Equal(t, "acc1", b.backends.Catalog.Last().Principal.AccountID)
	assert.Empty(t, resp.Header.Values("Grpc-Metadata-Content-Type"), "service headers stay inside")
}

func TestPatchSendsTheFieldMaskOfTheBody(t *testing.T) {
	b := setup(t)
	resp, env := b.do(t, call{method: "PATCH", path: "/v2/players/p1", key: keyReadWrite, body: `{"autoplay":true,"show_name":false}`})
	require.Equal(t, http.StatusOK, resp.StatusCode, "%+v", env)
	assert.ElementsMatch(t, []string{"autoplay", "show_name"}, b.backends.Catalog.Last().UpdateMask)
	assert.Contains(t, string(env.Result), `"autoplay":true`)
}
