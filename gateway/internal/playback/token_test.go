package playback

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"strconv"
	"strings"
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
	mac.Write([]byte("vidhost-media-v2\nvideo1\n1700003600\n"))
	assert.Equal(t, "1700003600.."+base64.RawURLEncoding.EncodeToString(mac.Sum(nil)), token)

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
		{"no signature", tokens, "video1", "1700003600.", false},
		{"no key part", tokens, "video1", "1700003600." + token[12:], false},
		{"key added", tokens, "video1", "1700003600.key1." + token[12:], false},
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

// A token minted from a viewer JWT dies no later than the JWT, carries the
// JWT's key (which the edge checks still exists) and cannot be moved to
// another key.
func TestTokensFromAViewerJWT(t *testing.T) {
	now := time.Unix(1_700_000_000, 0)
	tokens := NewTokens([]byte("secret"), 4*time.Hour, func() time.Time { return now })
	at := func(d time.Duration) Tokens {
		return NewTokens([]byte("secret"), 4*time.Hour, func() time.Time { return now.Add(d) })
	}
	tests := []struct {
		name      string
		notAfter  time.Time
		wantUntil time.Time
	}{
		{"JWT expiring in 5 s", now.Add(5 * time.Second), now.Add(5 * time.Second)},
		{"JWT outliving the TTL", now.Add(24 * time.Hour), now.Add(4 * time.Hour)},
		{"no JWT expiry", time.Time{}, now.Add(4 * time.Hour)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			token := tokens.MintFor("video1", "key1", tt.notAfter)
			assert.True(t, strings.HasPrefix(token, strconv.FormatInt(tt.wantUntil.Unix(), 10)+".key1."), token)
			keyID, ok := at(tt.wantUntil.Sub(now)-time.Second).Verify("video1", token)
			assert.True(t, ok, "valid until the end")
			assert.Equal(t, "key1", keyID)
			_, ok = at(tt.wantUntil.Sub(now)).Verify("video1", token)
			assert.False(t, ok, "dead at its expiry")
			moved := strings.Replace(token, ".key1.", ".key2.", 1)
			_, ok = tokens.Verify("video1", moved)
			assert.False(t, ok, "the key is signed")
		})
	}
}
