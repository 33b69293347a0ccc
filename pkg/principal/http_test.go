package principal

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSignedHeadersRoundTrip(t *testing.T) {
	secret := []byte("internal-secret")
	want := Principal{AccountID: "acc", KeyID: "key", ActorID: "actor", ReadOnly: true, LiveEnabled: true}
	h := http.Header{}
	SignHeaders(h, want, secret)

	got, ok, err := FromHeaders(h, secret)

	require.NoError(t, err)
	assert.True(t, ok)
	assert.Equal(t, want, got)
	assert.Equal(t, "acc", h.Get("X-Vidhost-Account"), "canonical HTTP header names")
}

func TestSignHeadersOverwritesClientValues(t *testing.T) {
	secret := []byte("s")
	h := http.Header{"X-Vidhost-Account": {"victim"}, "X-Vidhost-Flags": {""}}
	SignHeaders(h, Principal{AccountID: "acc", ReadOnly: true}, secret)

	got, _, err := FromHeaders(h, secret)

	require.NoError(t, err)
	assert.Equal(t, "acc", got.AccountID)
	assert.True(t, got.ReadOnly)
}

func TestBadHeadersAreRefused(t *testing.T) {
	secret := []byte("s")
	tests := []struct {
		name   string
		change func(http.Header)
	}{
		{"tampered account", func(h http.Header) { h.Set("X-Vidhost-Account", "victim") }},
		{"dropped read-only flag", func(h http.Header) { h.Set("X-Vidhost-Flags", "") }},
		{"repeated account", func(h http.Header) { h.Add("X-Vidhost-Account", "victim") }},
		{"expired", func(h http.Header) { h.Set("X-Vidhost-Expires", "1") }},
		{"other secret", func(h http.Header) { SignHeaders(h, Principal{AccountID: "acc"}, []byte("other")) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := http.Header{}
			SignHeaders(h, Principal{AccountID: "acc", ReadOnly: true}, secret)
			tt.change(h)
			_, ok, err := FromHeaders(h, secret)
			assert.True(t, ok)
			assert.ErrorIs(t, err, ErrBadSignature)
		})
	}
}

func TestNoHeaders(t *testing.T) {
	_, ok, err := FromHeaders(http.Header{}, []byte("s"))
	assert.False(t, ok)
	assert.NoError(t, err)
}
