package playback

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"strconv"
	"strings"
	"time"
)

// TokenParam is the query parameter that carries a media token.
const TokenParam = "token"

// Tokens mints and checks media tokens: "<exp>.<sig>", where exp is a Unix
// time in seconds and sig is the unpadded base64url HMAC-SHA256, under the
// gateway's media token secret, of "vidhost-media-v1\n<video_id>\n<exp>".
// A token opens every file of one video until exp, nothing else; it is
// what lets a player that was allowed to watch a private video fetch its
// playlists and segments, which carry no JWT.
type Tokens struct {
	secret []byte
	ttl    time.Duration
	now    func() time.Time
}

// NewTokens returns Tokens that live for ttl.
func NewTokens(secret []byte, ttl time.Duration, now func() time.Time) Tokens {
	return Tokens{secret: secret, ttl: ttl, now: now}
}

// DeriveTokenSecret makes the media token secret from the internal secret
// when none is configured. The derivation separates the two uses, so a
// media token can never double as a signed principal.
func DeriveTokenSecret(internalSecret []byte) []byte {
	mac := hmac.New(sha256.New, internalSecret)
	mac.Write([]byte("vidhost media token secret"))
	return mac.Sum(nil)
}

// Mint returns a token for videoID that expires after the configured TTL.
func (t Tokens) Mint(videoID string) string {
	exp := strconv.FormatInt(t.now().Add(t.ttl).Unix(), 10)
	return exp + "." + t.sign(videoID, exp)
}

// Valid reports whether token was minted for videoID and has not expired.
func (t Tokens) Valid(videoID, token string) bool {
	exp, sig, ok := strings.Cut(token, ".")
	if !ok || len(exp) > 12 {
		return false
	}
	unix, err := strconv.ParseInt(exp, 10, 64)
	if err != nil || !t.now().Before(time.Unix(unix, 0)) {
		return false
	}
	return hmac.Equal([]byte(sig), []byte(t.sign(videoID, exp)))
}

func (t Tokens) sign(videoID, exp string) string {
	mac := hmac.New(sha256.New, t.secret)
	mac.Write([]byte("vidhost-media-v1\n" + videoID + "\n" + exp))
	return base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
}
