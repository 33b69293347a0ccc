package playback

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/lestrrat-go/jwx/v2/jwa"
	"github.com/lestrrat-go/jwx/v2/jwk"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	identityv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
)

// publicKey is an account's JWT key as the edge verifies with it; found is
// false for a key id the account does not have (remembered too, so a
// stream of tokens naming made-up keys does not reach identity each time).
type publicKey struct {
	key   jwk.Key
	alg   jwa.SignatureAlgorithm
	found bool
	pem   string // the key as identity holds it, which a cached verification must still match
}

// jwtKeys fetches JWT keys from identity and keeps them for a few seconds:
// a deleted key stops verifying within that time.
type jwtKeys struct {
	identity identityv1.IdentityServiceClient
	cache    *ttlCache[publicKey]
}

func newJWTKeys(identity identityv1.IdentityServiceClient, ttl time.Duration, now func() time.Time) *jwtKeys {
	return &jwtKeys{identity: identity, cache: newTTLCache[publicKey](ttl, 10_000, now)}
}

func (k *jwtKeys) lookup(ctx context.Context, accountID, keyID string) (publicKey, error) {
	cacheKey := accountID + "/" + keyID
	if cached, ok := k.cache.get(cacheKey); ok {
		return cached, nil
	}
	gen := k.cache.currentGeneration()
	ctx, cancel := context.WithTimeout(ctx, backendTimeout)
	defer cancel()
	resp, err := k.identity.GetJwtPublicKey(ctx, &identityv1.GetJwtPublicKeyRequest{AccountId: accountID, KeyId: keyID})
	switch {
	case status.Code(err) == codes.NotFound:
		k.cache.putAt(cacheKey, publicKey{}, gen)
		return publicKey{}, nil
	case err != nil:
		return publicKey{}, fmt.Errorf("%w: identity: %w", errUpstream, err)
	}
	key, err := jwk.ParseKey([]byte(resp.GetPublicKey()), jwk.WithPEM(true))
	if err != nil {
		return publicKey{}, fmt.Errorf("jwt key %s of %s: %w", keyID, accountID, err)
	}
	found := publicKey{key: key, alg: jwa.SignatureAlgorithm(resp.GetAlgorithm()), found: true, pem: resp.GetPublicKey()}
	k.cache.putAt(cacheKey, found, gen)
	return found, nil
}

// evict forgets key keyID of whatever account: key ids are unique, and the
// caller (a DELETE /v2/jwt_keys/{id}) need not know the account.
func (k *jwtKeys) evict(keyID string) {
	k.cache.evictWhere(func(key string) bool { return strings.HasSuffix(key, "/"+keyID) })
}
