package jwtkeys

import (
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/apperr"
)

func pemOf(t *testing.T, blockType string, der []byte) string {
	t.Helper()
	return string(pem.EncodeToMemory(&pem.Block{Type: blockType, Bytes: der}))
}

func pkixPEM(t *testing.T, public any) string {
	t.Helper()
	der, err := x509.MarshalPKIXPublicKey(public)
	require.NoError(t, err)
	return pemOf(t, "PUBLIC KEY", der)
}

// fakeRSA is an RSA public key of exactly bits bits; it need not be a real
// key pair to be parsed and measured, and generating big keys is slow.
func fakeRSA(bits int) *rsa.PublicKey {
	n := new(big.Int).Lsh(big.NewInt(1), uint(bits-1))
	return &rsa.PublicKey{N: n.Add(n, big.NewInt(1)), E: 65537}
}

func certificate(t *testing.T, key *ecdsa.PrivateKey) string {
	t.Helper()
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "viewer"},
		NotBefore: time.Now(), NotAfter: time.Now().Add(time.Hour)}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	require.NoError(t, err)
	return pemOf(t, "CERTIFICATE", der)
}

func TestParsePublicKey(t *testing.T) {
	rsaKey, err := rsa.GenerateKey(rand.Reader, 2048)
	require.NoError(t, err)
	ecKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	require.NoError(t, err)
	p384, err := ecdsa.GenerateKey(elliptic.P384(), rand.Reader)
	require.NoError(t, err)
	edPublic, _, err := ed25519.GenerateKey(rand.Reader)
	require.NoError(t, err)
	ecDER, err := x509.MarshalECPrivateKey(ecKey)
	require.NoError(t, err)
	pkcs8, err := x509.MarshalPKCS8PrivateKey(rsaKey)
	require.NoError(t, err)
	rsaPKIX, ecPKIX := pkixPEM(t, &rsaKey.PublicKey), pkixPEM(t, &ecKey.PublicKey)

	tests := []struct {
		name      string
		text      string
		algorithm string // "" when refused
		rule      string // the refusal's rule
		canonical string // expected stored PEM, when accepted
	}{
		{"RSA 2048 PKIX", rsaPKIX, AlgorithmRS256, "", rsaPKIX},
		{"RSA PKCS#1 is stored as PKIX", pemOf(t, "RSA PUBLIC KEY", x509.MarshalPKCS1PublicKey(&rsaKey.PublicKey)), AlgorithmRS256, "", rsaPKIX},
		{"surrounding whitespace", "\n  " + rsaPKIX + "\n\n", AlgorithmRS256, "", rsaPKIX},
		{"RSA 8192 bits", pkixPEM(t, fakeRSA(8192)), AlgorithmRS256, "", ""},
		{"EC P-256", ecPKIX, AlgorithmES256, "", ecPKIX},
		{"certificate of a P-256 key", certificate(t, ecKey), AlgorithmES256, "", ecPKIX},
		{"RSA 2047 bits", pkixPEM(t, fakeRSA(2047)), "", ruleKeyType, ""},
		{"RSA 8193 bits", pkixPEM(t, fakeRSA(8193)), "", ruleKeyType, ""},
		{"EC P-384", pkixPEM(t, &p384.PublicKey), "", ruleKeyType, ""},
		{"Ed25519", pkixPEM(t, edPublic), "", ruleKeyType, ""},
		{"EC private key", pemOf(t, "EC PRIVATE KEY", ecDER), "", rulePrivateKey, ""},
		{"RSA private key", pemOf(t, "PRIVATE KEY", pkcs8), "", rulePrivateKey, ""},
		{"empty", "", "", rulePEM, ""},
		{"not PEM", "ssh-rsa AAAAB3NzaC1yc2E", "", rulePEM, ""},
		{"two keys", rsaPKIX + ecPKIX, "", rulePEM, ""},
		{"trailing text", rsaPKIX + "junk", "", rulePEM, ""},
		{"PEM of garbage", pemOf(t, "PUBLIC KEY", []byte("garbage")), "", rulePEM, ""},
		{"too long", strings.Repeat("A", maxPEMLength+1), "", rulePEM, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			canonical, algorithm, err := ParsePublicKey(tt.text)
			if tt.algorithm == "" {
				var invalid *apperr.Invalid
				require.ErrorAs(t, err, &invalid)
				assert.Equal(t, "public_key "+tt.rule, err.Error())
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.algorithm, algorithm)
			assert.True(t, strings.HasPrefix(canonical, "-----BEGIN PUBLIC KEY-----\n"))
			if tt.canonical != "" {
				assert.Equal(t, tt.canonical, canonical)
			}
		})
	}
}

func TestInputValidateName(t *testing.T) {
	ecKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	require.NoError(t, err)
	key := pkixPEM(t, &ecKey.PublicKey)
	tests := []struct {
		name    string
		keyName string
		wantErr string
	}{
		{"one character", "a", ""},
		{"50 characters in any script", strings.Repeat("é", 50), ""},
		{"empty", "", "name must be 1-50 characters"},
		{"51 characters", strings.Repeat("a", 51), "name must be 1-50 characters"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, algorithm, err := Input{Name: tt.keyName, PublicKey: key}.Validate()
			if tt.wantErr != "" {
				assert.EqualError(t, err, tt.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, AlgorithmES256, algorithm)
		})
	}
}
