package playback_test

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/internal/playback/playbacktest"
	"github.com/vidhost/vidhost/pkg/ids"
)

// handMade builds a JWT without a JOSE library, for the attacks a library
// would refuse to produce: alg "none" and HS256 keyed with the public PEM.
func handMade(t *testing.T, header, claims map[string]any, hmacKey []byte) string {
	t.Helper()
	part := func(v any) string {
		b, err := json.Marshal(v)
		require.NoError(t, err)
		return base64.RawURLEncoding.EncodeToString(b)
	}
	signingInput := part(header) + "." + part(claims)
	if hmacKey == nil {
		return signingInput + "."
	}
	mac := hmac.New(sha256.New, hmacKey)
	mac.Write([]byte(signingInput))
	return signingInput + "." + base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
}

func TestViewerJWTs(t *testing.T) {
	e := playbacktest.StartEdge(t)
	rsaKey, ecKey, stranger := playbacktest.NewRSAKey(t), playbacktest.NewECKey(t), playbacktest.NewECKey(t)
	e.Backends.Identity.PutKey(accountA, rsaKey)
	e.Backends.Identity.PutKey(accountA, ecKey)
	otherAccountKey := playbacktest.NewECKey(t)
	e.Backends.Identity.PutKey("account-b", otherAccountKey)
	v := newVideo(t, e, "private")
	now := e.Clock.Now()
	claims := func(change func(*playbacktest.Claims)) playbacktest.Claims {
		c := playbacktest.Claims{Subject: v.GetVideoId(), Expires: now.Add(5 * time.Minute), IssuedAt: now}
		if change != nil {
			change(&c)
		}
		return c
	}
	impostor := stranger
	impostor.ID = ecKey.ID // right kid, wrong private key
	rsaWithECKid := rsaKey
	rsaWithECKid.ID = ecKey.ID // RS256 token naming an ES256 key
	plainClaims := map[string]any{"sub": v.GetVideoId(), "exp": now.Add(time.Minute).Unix()}

	tests := []struct {
		name   string
		jwt    string
		status int
	}{
		{"RS256", rsaKey.Mint(t, claims(nil)), http.StatusOK},
		{"ES256", ecKey.Mint(t, claims(nil)), http.StatusOK},
		{"sub * grants every video", ecKey.Mint(t, claims(func(c *playbacktest.Claims) { c.Subject = "*" })), http.StatusOK},
		{"expired, though within the clock skew: its media token would be dead", ecKey.Mint(t, claims(func(c *playbacktest.Claims) { c.Expires = now.Add(-20 * time.Second) })), http.StatusForbidden},
		{"not yet valid within the clock skew", ecKey.Mint(t, claims(func(c *playbacktest.Claims) { c.NotBefore = now.Add(20 * time.Second) })), http.StatusOK},
		{"sub of another video", ecKey.Mint(t, claims(func(c *playbacktest.Claims) { c.Subject = ids.New() })), http.StatusForbidden},
		{"no sub", ecKey.Mint(t, claims(func(c *playbacktest.Claims) { c.Subject = "" })), http.StatusForbidden},
		{"expired", ecKey.Mint(t, claims(func(c *playbacktest.Claims) { c.Expires = now.Add(-time.Minute) })), http.StatusForbidden},
		{"no exp", ecKey.Mint(t, claims(func(c *playbacktest.Claims) { c.Expires = time.Time{} })), http.StatusForbidden},
		{"not yet valid", ecKey.Mint(t, claims(func(c *playbacktest.Claims) { c.NotBefore = now.Add(time.Minute) })), http.StatusForbidden},
		{"forged signature", impostor.Mint(t, claims(nil)), http.StatusForbidden},
		{"unregistered key", stranger.Mint(t, claims(nil)), http.StatusForbidden},
		{"key of another account", otherAccountKey.Mint(t, claims(nil)), http.StatusForbidden},
		{"algorithm other than the key's", rsaWithECKid.Mint(t, claims(nil)), http.StatusForbidden},
		{"alg none", handMade(t, map[string]any{"alg": "none", "kid": ecKey.ID}, plainClaims, nil), http.StatusForbidden},
		{"HS256 keyed with the public key", handMade(t, map[string]any{"alg": "HS256", "kid": rsaKey.ID}, plainClaims, []byte(rsaKey.PublicPEM)), http.StatusForbidden},
		{"tampered claims", tamper(t, ecKey.Mint(t, claims(nil))), http.StatusForbidden},
		{"not a JWT", "hello", http.StatusForbidden},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp := get(t, mediaURL(e, v, "stream/master.m3u8", "jwt="+tt.jwt))
			assert.Equal(t, tt.status, resp.StatusCode, resp.body)
			page := get(t, e.URL+"/embed/"+v.GetVideoId()+"?jwt="+tt.jwt)
			assert.Equal(t, tt.status, page.StatusCode, "the embed applies the same rules")
		})
	}
}

// tamper swaps a token's claims for others, keeping header and signature.
func tamper(t *testing.T, jwt string) string {
	t.Helper()
	claims, err := json.Marshal(map[string]any{"sub": "*", "exp": time.Now().Add(time.Hour).Unix()})
	require.NoError(t, err)
	header, rest, _ := strings.Cut(jwt, ".")
	_, signature, _ := strings.Cut(rest, ".")
	return header + "." + base64.RawURLEncoding.EncodeToString(claims) + "." + signature
}

func TestDeletedJWTKeyStopsWorking(t *testing.T) {
	e := playbacktest.StartEdge(t)
	key := playbacktest.NewECKey(t)
	e.Backends.Identity.PutKey(accountA, key)
	v := newVideo(t, e, "private")
	jwt := key.Mint(t, playbacktest.Claims{Subject: v.GetVideoId(), Expires: e.Clock.Now().Add(time.Hour)})
	url := mediaURL(e, v, "stream/master.m3u8", "jwt="+jwt)
	require.Equal(t, http.StatusOK, get(t, url).StatusCode)

	e.Backends.Identity.RemoveKey(accountA, key.ID)
	assert.Equal(t, http.StatusOK, get(t, url).StatusCode, "cached for up to the cache TTL")
	e.Clock.Advance(playbacktest.CacheTTL)
	assert.Equal(t, http.StatusForbidden, get(t, url).StatusCode)
}
