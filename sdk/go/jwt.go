package vidhost

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rsa"
	"errors"
	"fmt"
	"time"

	"github.com/lestrrat-go/jwx/v2/jwa"
	"github.com/lestrrat-go/jwx/v2/jwk"
	"github.com/lestrrat-go/jwx/v2/jws"
	"github.com/lestrrat-go/jwx/v2/jwt"
)

// ViewerJWT says what a viewer JWT grants (docs/playback.md, Viewer JWTs).
type ViewerJWT struct {
	// KeyID is the id of the JWT key registered with POST /v2/jwt_keys
	// whose private half signs (the header's kid).
	KeyID string
	// VideoID is the video the JWT opens, or "*" for every video of the
	// account.
	VideoID string
	// Lifetime is how long the JWT (and the media tokens minted from it)
	// stays valid: the video's length plus a margin. The server refuses more
	// than 24 h by default. Zero means one hour.
	Lifetime time.Duration
	// Now is the issue time; zero means time.Now (tests set it).
	Now time.Time
}

// SignViewerJWT signs a viewer JWT with a private key: an *rsa.PrivateKey
// (RS256) or an *ecdsa.PrivateKey on P-256 (ES256), e.g. from ParsePrivateKey.
// The algorithm follows the key, as the server expects.
func SignViewerJWT(key crypto.Signer, claims ViewerJWT) (string, error) {
	alg, err := algorithmOf(key)
	if err != nil {
		return "", err
	}
	if claims.KeyID == "" || claims.VideoID == "" {
		return "", errors.New("vidhost: a viewer JWT needs a KeyID and a VideoID")
	}
	now, lifetime := claims.Now, claims.Lifetime
	if now.IsZero() {
		now = time.Now()
	}
	if lifetime <= 0 {
		lifetime = time.Hour
	}
	tok, err := jwt.NewBuilder().Subject(claims.VideoID).IssuedAt(now).Expiration(now.Add(lifetime)).Build()
	if err != nil {
		return "", err
	}
	headers := jws.NewHeaders()
	if err := headers.Set(jws.KeyIDKey, claims.KeyID); err != nil {
		return "", err
	}
	signed, err := jwt.Sign(tok, jwt.WithKey(alg, key, jws.WithProtectedHeaders(headers)))
	if err != nil {
		return "", fmt.Errorf("vidhost: sign viewer JWT: %w", err)
	}
	return string(signed), nil
}

// ParsePrivateKey reads a PEM private key (PKCS#8, PKCS#1 or SEC 1, as
// openssl writes them) for SignViewerJWT.
func ParsePrivateKey(pemBytes []byte) (crypto.Signer, error) {
	parsed, err := jwk.ParseKey(pemBytes, jwk.WithPEM(true))
	if err != nil {
		return nil, fmt.Errorf("vidhost: read private key: %w", err)
	}
	var raw any
	if err := parsed.Raw(&raw); err != nil {
		return nil, fmt.Errorf("vidhost: read private key: %w", err)
	}
	signer, ok := raw.(crypto.Signer)
	if !ok {
		return nil, fmt.Errorf("vidhost: %T is not a private key", raw)
	}
	if _, err := algorithmOf(signer); err != nil {
		return nil, err
	}
	return signer, nil
}

func algorithmOf(key crypto.Signer) (jwa.SignatureAlgorithm, error) {
	switch k := key.(type) {
	case *rsa.PrivateKey:
		return jwa.RS256, nil
	case *ecdsa.PrivateKey:
		if k.Curve == elliptic.P256() {
			return jwa.ES256, nil
		}
	}
	return "", fmt.Errorf("vidhost: viewer JWTs are signed with an RSA or EC P-256 key, not %T", key)
}
