package jwtkeys

import (
	"bytes"
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"unicode/utf8"

	"github.com/lestrrat-go/jwx/v2/jwk"

	"github.com/vidhost/vidhost/pkg/apirules"
	"github.com/vidhost/vidhost/pkg/apperr"
)

// Limits of the interface (name) and of this service (key sizes). Keys
// above 8192 bits would make every verification slow for no gain in
// security; below 2048 bits RSA is breakable.
const (
	MaxNameLength  = apirules.JWTKeyNameMax
	MinRSABits     = 2048
	MaxRSABits     = 8192
	maxPEMLength   = apirules.JWTKeyPEMMax
	ruleKeyType    = "must be an RSA public key of 2048-8192 bits or an EC P-256 public key"
	rulePEM        = "must be one PEM-encoded public key"
	rulePrivateKey = "must be a public key: never send the private key"
)

// Validate checks a create request and returns the key's canonical PEM
// and the algorithm its tokens must use.
func (in Input) Validate() (publicKey, algorithm string, err error) {
	if n := utf8.RuneCountInString(in.Name); n < 1 || n > MaxNameLength {
		return "", "", apperr.InvalidField("name", "must be 1-%d characters", MaxNameLength)
	}
	return ParsePublicKey(in.PublicKey)
}

// ParsePublicKey reads one PEM public key (PKIX "PUBLIC KEY", PKCS#1 "RSA
// PUBLIC KEY" or a certificate) with jwx, and returns it re-encoded as PKIX
// PEM with its algorithm: RS256 for RSA, ES256 for EC P-256.
func ParsePublicKey(text string) (publicKey, algorithm string, err error) {
	data := bytes.TrimSpace([]byte(text))
	if len(data) == 0 || len(text) > maxPEMLength { // the limit applies as sent
		return "", "", apperr.InvalidField("public_key", rulePEM)
	}
	if block, rest := pem.Decode(data); block == nil || len(bytes.TrimSpace(rest)) > 0 {
		return "", "", apperr.InvalidField("public_key", rulePEM)
	}
	key, err := jwk.ParseKey(data, jwk.WithPEM(true))
	if err != nil {
		return "", "", apperr.InvalidField("public_key", rulePEM)
	}
	var raw any
	if err := key.Raw(&raw); err != nil {
		return "", "", apperr.InvalidField("public_key", rulePEM)
	}
	algorithm, err = algorithmOf(raw)
	if err != nil {
		return "", "", err
	}
	der, err := x509.MarshalPKIXPublicKey(raw)
	if err != nil {
		return "", "", apperr.InvalidField("public_key", ruleKeyType)
	}
	return string(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der})), algorithm, nil
}

func algorithmOf(raw any) (string, error) {
	switch k := raw.(type) {
	case *rsa.PublicKey:
		if bits := k.N.BitLen(); bits >= MinRSABits && bits <= MaxRSABits {
			return AlgorithmRS256, nil
		}
	case *ecdsa.PublicKey:
		if k.Curve == elliptic.P256() {
			return AlgorithmES256, nil
		}
	case crypto.Signer: // every private key type
		return "", apperr.InvalidField("public_key", rulePrivateKey)
	}
	return "", apperr.InvalidField("public_key", ruleKeyType)
}
