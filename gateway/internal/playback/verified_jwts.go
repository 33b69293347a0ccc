package playback

import (
	"context"
	"crypto/sha256"
	"time"

	"github.com/lestrrat-go/jwx/v2/jwa"
)

// verifiedJWTs remembers the viewer JWTs whose signature and claims were
// checked, so a player's next playlist request with the same JWT costs a
// hash instead of a signature verification (tens of microseconds for
// ES256). An entry:
//   - is keyed by a SHA-256 of the account, the video and the JWT, so it
//     answers only the question it was the answer to, and holds no token;
//   - expires at the JWT's exp (a token that verified stays valid until
//     then: nbf and the lifetime cap only get easier as time passes);
//   - is used only while the JWT key still exists with the same algorithm
//     and public key: every hit asks the JWT key cache, which the gateway
//     evicts when it serves the key's deletion, so deleting a key refuses
//     its JWTs on the next request exactly as without this cache;
//   - is dropped with its key (EvictJWTKey), and a verification that began
//     before that eviction cannot store its answer after it (generation).
//
// At most maxVerifiedJWTs entries are held.
type verifiedJWTs struct {
	cache *ttlCache[verifiedJWT]
	now   func() time.Time
}

const maxVerifiedJWTs = 10_000

type verifiedJWT struct {
	grant viewerGrant
	alg   jwa.SignatureAlgorithm
	pem   string
}

// newVerifiedJWTs returns the cache; with the lookup caches off (ttl 0) it
// is off too, and every JWT is verified.
func newVerifiedJWTs(ttl, maxLifetime time.Duration, now func() time.Time) *verifiedJWTs {
	if ttl <= 0 {
		maxLifetime = 0
	}
	return &verifiedJWTs{cache: newTTLCache[verifiedJWT](maxLifetime, maxVerifiedJWTs, now), now: now}
}

func (v *verifiedJWTs) keyOf(accountID, videoID, raw string) string {
	h := sha256.New()
	h.Write([]byte(accountID))
	h.Write([]byte{0})
	h.Write([]byte(videoID))
	h.Write([]byte{0})
	h.Write([]byte(raw))
	return string(h.Sum(nil))
}

// check returns the grant of a JWT verified before whose key is unchanged;
// ok is false when the JWT must be verified in full.
func (v *verifiedJWTs) check(ctx context.Context, keys *jwtKeys, accountID, cacheKey string) (viewerGrant, bool, error) {
	hit, ok := v.cache.get(cacheKey)
	if !ok {
		return viewerGrant{}, false, nil
	}
	key, err := keys.lookup(ctx, accountID, hit.grant.keyID)
	if err != nil {
		return viewerGrant{}, false, err
	}
	if !key.found || key.alg != hit.alg || key.pem != hit.pem || !v.now().Before(hit.grant.expires) {
		return viewerGrant{}, false, nil // verified in full, which refuses it now
	}
	return hit.grant, true, nil
}

// put keeps a verification made after generation gen was read, until the
// JWT's exp.
func (v *verifiedJWTs) put(cacheKey string, entry verifiedJWT, gen uint64) {
	if !v.now().Before(entry.grant.expires) {
		return // accepted within the clock skew: not worth keeping
	}
	v.cache.putUntil(cacheKey, entry, gen, entry.grant.expires)
}

// evictKey forgets every JWT signed with keyID.
func (v *verifiedJWTs) evictKey(keyID string) {
	v.cache.evictValues(func(entry verifiedJWT) bool { return entry.grant.keyID == keyID })
}
