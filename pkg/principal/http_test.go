package principal

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var patch = TusMethod(http.MethodPatch)

func TestSignedHeadersRoundTrip(t *testing.T) {
	want := Principal{AccountID: "acc", KeyID: "key", ActorID: "actor", ReadOnly: true, LiveEnabled: true}
	h := http.Header{}
	SignHeaders(h, NewCall("gateway", patch, want), gatewayKey)

	got, ok, err := FromHeaders(h, patch, keys)

	require.NoError(t, err)
	assert.True(t, ok)
	assert.Equal(t, want, got.Principal)
	assert.Equal(t, "acc", h.Get("X-Vidhost-Account"), "canonical HTTP header names")
}

func TestSignHeadersOverwritesClientValues(t *testing.T) {
	h := http.Header{"X-Vidhost-Account": {"victim"}, "X-Vidhost-Flags": {""}}
	SignHeaders(h, NewCall("gateway", patch, Principal{AccountID: "acc", ReadOnly: true}), gatewayKey)

	got, _, err := FromHeaders(h, patch, keys)

	require.NoError(t, err)
	assert.Equal(t, "acc", got.Principal.AccountID)
	assert.True(t, got.Principal.ReadOnly)
}

func TestBadHeadersAreRefused(t *testing.T) {
	tests := []struct {
		name   string
		method string
		change func(http.Header)
	}{
		{"tampered account", patch, func(h http.Header) { h.Set("X-Vidhost-Account", "victim") }},
		{"dropped read-only flag", patch, func(h http.Header) { h.Set("X-Vidhost-Flags", "") }},
		{"repeated account", patch, func(h http.Header) { h.Add("X-Vidhost-Account", "victim") }},
		{"expired", patch, func(h http.Header) { h.Set("X-Vidhost-Expires", "1") }},
		{"other key", patch, func(h http.Header) {
			SignHeaders(h, NewCall("gateway", patch, Principal{AccountID: "acc"}), []byte("other"))
		}},
		{"signed for PATCH, sent as DELETE", TusMethod(http.MethodDelete), func(http.Header) {}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := http.Header{}
			SignHeaders(h, NewCall("gateway", patch, Principal{AccountID: "acc", ReadOnly: true}), gatewayKey)
			tt.change(h)
			_, ok, err := FromHeaders(h, tt.method, keys)
			assert.True(t, ok)
			assert.ErrorIs(t, err, ErrBadSignature)
		})
	}
}

func TestNoHeaders(t *testing.T) {
	_, ok, err := FromHeaders(http.Header{}, patch, keys)
	assert.False(t, ok)
	assert.NoError(t, err)
}
