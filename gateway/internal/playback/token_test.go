package playback

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestTokens(t *testing.T) {
	now := time.Unix(1_700_000_000, 0)
	clock := func() time.Time { return now }
	tokens := NewTokens([]byte("secret"), time.Hour, clock)
	token := tokens.Mint("video1")

	// The documented format, computed independently.
	mac := hmac.New(sha256.New, []byte("secret"))
	mac.Write([]byte("vidhost-media-v1\nvideo1\n1700003600"))
	assert.Equal(t, "1700003600."+base64.RawURLEncoding.EncodeToString(mac.Sum(nil)), token)

	later := func(d time.Duration) Tokens {
		return NewTokens([]byte("secret"), time.Hour, func() time.Time { return now.Add(d) })
	}
	tests := []struct {
		name    string
		tokens  Tokens
		videoID string
		token   string
		valid   bool
	}{
		{"fresh", tokens, "video1", token, true},
		{"just before expiry", later(time.Hour - time.Second), "video1", token, true},
		{"at expiry", later(time.Hour), "video1", token, false},
		{"other video", tokens, "video2", token, false},
		{"other secret", NewTokens([]byte("other"), time.Hour, clock), "video1", token, false},
		{"expiry moved", tokens, "video1", strconv.Itoa(1700003601) + token[10:], false},
		{"signature cut", tokens, "video1", token[:len(token)-1], false},
		{"no signature", tokens, "video1", "1700003600", false},
		{"empty", tokens, "video1", "", false},
		{"not a number", tokens, "video1", "abc." + token[11:], false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.valid, tt.tokens.Valid(tt.videoID, tt.token))
		})
	}
}

func TestDeriveTokenSecret(t *testing.T) {
	a := DeriveTokenSecret([]byte("internal"))
	assert.Len(t, a, 32)
	assert.Equal(t, a, DeriveTokenSecret([]byte("internal")))
	assert.NotEqual(t, a, DeriveTokenSecret([]byte("other")))
	assert.NotEqual(t, []byte("internal"), a)
}
