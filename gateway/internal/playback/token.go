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

// Tokens mints and checks media tokens: "<exp>.<kid>.<sig>", where exp is a
// Unix time in seconds, kid the JWT key whose viewer JWT the token was
// minted from (empty when no JWT was involved, e.g. a dashboard session)
// and sig the unpadded base64url HMAC-SHA256, under the gateway's media
// token secret, of "vidhost-media-v2\n<video_id>\n<exp>\n<kid>". A token
// opens every file of one video until exp, and only while its JWT key
// still exists (the edge checks); it is what lets a player that was
// allowed to watch a private video fetch its playlists and segments, which
// carry no JWT. Ids never contain a dot, so the three parts are unambiguous.
type Tokens struct {
	secret []byte
	ttl    time.Duration
	now    func() time.Time
}

// NewTokens returns Tokens that live for ttl at most.
func NewTokens(secret []byte, ttl time.Duration, now func() time.Time) Tokens {
	return Tokens{secret: secret, ttl: ttl, now: now}
}

// DeriveTokenSecret makes a media token secret from a secret of its own for
// tests and tools; the gateway derives its secret from the root secret with
// pkg/secrets (purpose media-token).
func DeriveTokenSecret(internalSecret []byte) []byte {
	mac := hmac.New(sha256.New, internalSecret)
	mac.Write([]byte("vidhost media token secret"))
	return mac.Sum(nil)
}

// Mint returns a token for videoID bound to no JWT key, expiring after the
// configured TTL.
func (t Tokens) Mint(videoID string) string { return t.MintFor(videoID, "", time.Time{}) }

// MintFor returns a token for videoID bound to JWT key keyID, expiring at
// the earlier of now+TTL and notAfter (the viewer JWT's exp; zero for
// none): a token never outlives the credential it was minted from.
func (t Tokens) MintFor(videoID, keyID string, notAfter time.Time) string {
	expires := t.now().Add(t.ttl)
	if !notAfter.IsZero() && notAfter.Before(expires) {
		expires = notAfter
	}
	exp := strconv.FormatInt(expires.Unix(), 10)
	return exp + "." + keyID + "." + t.sign(videoID, exp, keyID)
}

// Valid reports whether token was minted for videoID and has not expired.
func (t Tokens) Valid(videoID, token string) bool {
	_, ok := t.Verify(videoID, token)
	return ok
}

// Verify checks token like Valid and returns the JWT key it is bound to
// (empty for none), which the caller must check still exists.
func (t Tokens) Verify(videoID, token string) (keyID string, ok bool) {
	exp, rest, ok := strings.Cut(token, ".")
	if !ok || len(exp) > 12 {
		return "", false
	}
	keyID, sig, ok := strings.Cut(rest, ".")
	if !ok || len(keyID) > 64 {
		return "", false
	}
	unix, err := strconv.ParseInt(exp, 10, 64)
	if err != nil || !t.alive(time.Unix(unix, 0)) {
		return "", false
	}
	if !hmac.Equal([]byte(sig), []byte(t.sign(videoID, exp, keyID))) {
		return "", false
	}
	return keyID, true
}

// Alive reports whether token, one t minted, has not expired yet: the
// expiry check Verify makes, without the signature.
func (t Tokens) Alive(token string) bool {
	expires := tokenExpiry(token)
	return !expires.IsZero() && t.alive(expires)
}

func (t Tokens) alive(expires time.Time) bool { return t.now().Before(expires) }

// tokenExpiry is when token (one Tokens minted) expires; zero for "" or a
// token that does not parse.
func tokenExpiry(token string) time.Time {
	exp, _, ok := strings.Cut(token, ".")
	unix, err := strconv.ParseInt(exp, 10, 64)
	if !ok || err != nil {
		return time.Time{}
	}
	return time.Unix(unix, 0)
}

func (t Tokens) sign(videoID, exp, keyID string) string {
	mac := hmac.New(sha256.New, t.secret)
	mac.Write([]byte("vidhost-media-v2\n" + videoID + "\n" + exp + "\n" + keyID))
	return base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
}
