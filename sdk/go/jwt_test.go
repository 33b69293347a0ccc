package vidhost

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"testing"
	"time"

	"github.com/lestrrat-go/jwx/v2/jws"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParsePrivateKeyReadsWhatOpensslWrites(t *testing.T) {
	rsaKey, err := rsa.GenerateKey(rand.Reader, 2048)
	require.NoError(t, err)
	ecKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	require.NoError(t, err)
	pkcs8, err := x509.MarshalPKCS8PrivateKey(ecKey)
	require.NoError(t, err)
	sec1, err := x509.MarshalECPrivateKey(ecKey)
	require.NoError(t, err)
	for _, tc := range []struct {
		name, blockType string
		der             []byte
		alg             string
	}{
		{"RSA PKCS#1 (openssl genrsa)", "RSA PRIVATE KEY", x509.MarshalPKCS1PrivateKey(rsaKey), "RS256"},
		{"EC PKCS#8 (openssl genpkey)", "PRIVATE KEY", pkcs8, "ES256"},
		{"EC SEC 1 (openssl ecparam -genkey)", "EC PRIVATE KEY", sec1, "ES256"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			key, err := ParsePrivateKey(pem.EncodeToMemory(&pem.Block{Type: tc.blockType, Bytes: tc.der}))
			require.NoError(t, err)
			token, err := SignViewerJWT(key, ViewerJWT{KeyID: "kid1", VideoID: "*", Now: time.Unix(1_800_000_000, 0)})
			require.NoError(t, err)
			msg, err := jws.Parse([]byte(token))
			require.NoError(t, err)
			assert.Equal(t, tc.alg, msg.Signatures()[0].ProtectedHeaders().Algorithm().String())
		})
	}
}

func TestSignViewerJWTRefusesKeysTheEdgeRefuses(t *testing.T) {
	p384, err := ecdsa.GenerateKey(elliptic.P384(), rand.Reader)
	require.NoError(t, err)
	_, err = SignViewerJWT(p384, ViewerJWT{KeyID: "k", VideoID: "v"})
	assert.ErrorContains(t, err, "EC P-256")
	p256, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	require.NoError(t, err)
	_, err = SignViewerJWT(p256, ViewerJWT{VideoID: "v"})
	assert.ErrorContains(t, err, "KeyID")
}
