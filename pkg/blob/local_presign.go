package blob

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"net/url"
	"strconv"
	"time"
)

// HandlerPath is where the gateway mounts Local.Handler; the local driver's
// presigned URLs are <PublicBaseURL>/blob/<key>?method=…&expires=…&sig=….
const HandlerPath = "/blob/"

// grant is what a presigned URL allows: one method on one key until a unix
// time, and for PUT an exact size.
type grant struct {
	method  string // "PUT" or "GET" (GET URLs also serve HEAD)
	key     string
	expires int64
	size    int64 // PUT only; -1 for GET
}

// signature is the hex HMAC-SHA256 of every field, newline-separated so no
// two grants share a message.
func (g grant) signature(secret []byte) string {
	mac := hmac.New(sha256.New, secret)
	mac.Write([]byte(g.method + "\n" + g.key + "\n" +
		strconv.FormatInt(g.expires, 10) + "\n" + strconv.FormatInt(g.size, 10)))
	return hex.EncodeToString(mac.Sum(nil))
}

// PresignPut implements Store with a URL served by Handler.
func (l *Local) PresignPut(_ context.Context, key string, size int64, ttl time.Duration) (string, error) {
	if size < 0 {
		return "", errors.New("blob: size must not be negative")
	}
	return l.presign(grant{method: "PUT", key: key, size: size}, ttl)
}

// PresignGet implements Store with a URL served by Handler.
func (l *Local) PresignGet(_ context.Context, key string, ttl time.Duration) (string, error) {
	return l.presign(grant{method: "GET", key: key, size: -1}, ttl)
}

func (l *Local) presign(g grant, ttl time.Duration) (string, error) {
	if err := ValidateKey(g.key); err != nil {
		return "", err
	}
	if err := checkTTL(ttl); err != nil {
		return "", err
	}
	if l.baseURL == "" || len(l.secret) == 0 {
		return "", ErrPresignDisabled
	}
	// Round up to the next second so a URL lives at least ttl.
	g.expires = time.Now().Add(ttl + time.Second - 1).Truncate(time.Second).Unix()
	query := url.Values{}
	query.Set("method", g.method)
	query.Set("expires", strconv.FormatInt(g.expires, 10))
	if g.method == "PUT" {
		query.Set("size", strconv.FormatInt(g.size, 10))
	}
	query.Set("sig", g.signature(l.secret))
	return l.baseURL + HandlerPath + g.key + "?" + query.Encode(), nil
}

var (
	errBadSignature = errors.New("invalid signature")
	errExpired      = errors.New("URL has expired")
)

// verify checks that query carries a valid, unexpired grant of method on
// key, comparing signatures in constant time.
func (l *Local) verify(query url.Values, key, method string, now time.Time) (grant, error) {
	g := grant{method: method, key: key, size: -1}
	var err error
	if query.Get("method") != method || len(l.secret) == 0 {
		return grant{}, errBadSignature
	}
	if g.expires, err = strconv.ParseInt(query.Get("expires"), 10, 64); err != nil {
		return grant{}, errBadSignature
	}
	if method == "PUT" {
		if g.size, err = strconv.ParseInt(query.Get("size"), 10, 64); err != nil || g.size < 0 {
			return grant{}, errBadSignature
		}
	}
	if !hmac.Equal([]byte(query.Get("sig")), []byte(g.signature(l.secret))) {
		return grant{}, errBadSignature
	}
	if !now.Before(time.Unix(g.expires, 0)) {
		return grant{}, errExpired
	}
	return g, nil
}
