package playback

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/lestrrat-go/jwx/v2/jws"
	"github.com/lestrrat-go/jwx/v2/jwt"

	"github.com/vidhost/vidhost/pkg/ids"
)

// Viewer JWT rules (docs/playback.md).
const (
	// ClockSkew is how far the viewer's server clock may be from ours for
	// exp, nbf and iat.
	ClockSkew = 30 * time.Second
	// AnyVideo as sub grants every video of the account.
	AnyVideo = "*"
	// maxJWTLength bounds what is parsed at all.
	maxJWTLength = 8 << 10
)

// viewerJWTs verifies the JWTs an account's own servers sign for viewers of
// its private videos: compact JWS, header kid naming one of the account's
// JWT keys and alg that key's algorithm (RS256 or ES256), exp required and
// numeric and within the lifetime cap, no crit header, nbf honoured, sub
// the video id or "*".
type viewerJWTs struct {
	keys     *jwtKeys
	verified *verifiedJWTs
	now      func() time.Time
	// maxLifetime caps exp - max(iat, now).
	maxLifetime time.Duration
}

// viewerGrant is what a verified viewer JWT gives: the key that signed it
// and its expiry, which bound the media tokens minted from it.
type viewerGrant struct {
	keyID   string
	expires time.Time
}

// verify returns the grant when raw grants videoID of accountID,
// errBadViewerToken (wrapped with the reason, for the log) when it does
// not, and errUpstream when identity could not be asked.
func (v viewerJWTs) verify(ctx context.Context, raw, accountID, videoID string) (viewerGrant, error) {
	if len(raw) > maxJWTLength || strings.Count(raw, ".") != 2 {
		return viewerGrant{}, fmt.Errorf("%w: not a compact JWS", errBadViewerToken)
	}
	verifiedKey := v.verified.keyOf(accountID, videoID, raw)
	if grant, ok, err := v.verified.check(ctx, v.keys, accountID, verifiedKey); ok || err != nil {
		return grant, err
	}
	gen := v.verified.cache.currentGeneration()
	strict, err := checkStrict(raw, v.now(), v.maxLifetime)
	if err != nil {
		return viewerGrant{}, err
	}
	message, err := jws.Parse([]byte(raw))
	if err != nil || len(message.Signatures()) != 1 {
		return viewerGrant{}, fmt.Errorf("%w: unreadable: %w", errBadViewerToken, err)
	}
	header := message.Signatures()[0].ProtectedHeaders()
	if !ids.Valid(header.KeyID()) {
		return viewerGrant{}, fmt.Errorf("%w: kid %q is not a JWT key id", errBadViewerToken, header.KeyID())
	}
	key, err := v.keys.lookup(ctx, accountID, header.KeyID())
	if err != nil {
		return viewerGrant{}, err
	}
	if !key.found {
		return viewerGrant{}, fmt.Errorf("%w: no JWT key %s in the video's account", errBadViewerToken, header.KeyID())
	}
	// The key decides the algorithm; a token cannot pick another.
	if header.Algorithm() != key.alg {
		return viewerGrant{}, fmt.Errorf("%w: alg %s, but key %s is %s", errBadViewerToken, header.Algorithm(), header.KeyID(), key.alg)
	}
	token, err := jwt.Parse([]byte(raw), jwt.WithKey(key.alg, key.key), jwt.WithValidate(true),
		jwt.WithRequiredClaim(jwt.ExpirationKey), jwt.WithAcceptableSkew(ClockSkew),
		jwt.WithClock(jwt.ClockFunc(v.now)))
	if err != nil {
		return viewerGrant{}, fmt.Errorf("%w: %w", errBadViewerToken, err)
	}
	if sub := token.Subject(); sub != videoID && sub != AnyVideo {
		return viewerGrant{}, fmt.Errorf("%w: sub %q is neither the video nor %q", errBadViewerToken, sub, AnyVideo)
	}
	grant := viewerGrant{keyID: header.KeyID(), expires: strict.expires}
	v.verified.put(verifiedKey, verifiedJWT{grant: grant, alg: key.alg, pem: key.pem}, gen)
	return grant, nil
}
