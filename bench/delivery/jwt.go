package main

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"encoding/pem"
	"time"

	"github.com/lestrrat-go/jwx/v2/jwa"
	"github.com/lestrrat-go/jwx/v2/jwk"
	"github.com/lestrrat-go/jwx/v2/jwt"

	"github.com/vidhost/vidhost/gateway/benchseam"
	"github.com/vidhost/vidhost/pkg/ids"
)

// viewerJWT registers an ES256 viewer key of the bench account with the
// fake identity and signs a JWT for videoID with it, as a customer's
// server would: an hour long, so a run never outlives it.
func viewerJWT(backends *benchseam.Backends, videoID string) (string, error) {
	private, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return "", err
	}
	publicDER, err := x509.MarshalPKIXPublicKey(private.Public())
	if err != nil {
		return "", err
	}
	keyID := ids.New()
	backends.PutViewerKey(account, keyID, "ES256", string(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: publicDER})))
	signing, err := jwk.FromRaw(private)
	if err != nil {
		return "", err
	}
	if err := signing.Set(jwk.KeyIDKey, keyID); err != nil {
		return "", err
	}
	now := time.Now()
	token, err := jwt.NewBuilder().Subject(videoID).IssuedAt(now).Expiration(now.Add(time.Hour)).Build()
	if err != nil {
		return "", err
	}
	signed, err := jwt.Sign(token, jwt.WithKey(jwa.ES256, signing))
	return string(signed), err
}
