package playbacktest

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"testing"
	"time"

	"github.com/lestrrat-go/jwx/v2/jwa"
	"github.com/lestrrat-go/jwx/v2/jwk"
	"github.com/lestrrat-go/jwx/v2/jwt"

	"github.com/vidhost/vidhost/pkg/ids"
)

// ViewerKey is a JWT key pair as a customer would hold it: the public half
// registered (Identity.PutKey), the private half signing viewer JWTs.
type ViewerKey struct {
	ID         string
	Algorithm  string // RS256 or ES256
	PublicPEM  string // PKIX
	PrivatePEM string // PKCS#8
	Private    crypto.Signer
}

// NewRSAKey makes a 2048-bit RSA viewer key (RS256).
func NewRSAKey(t testing.TB) ViewerKey {
	t.Helper()
	private, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	return viewerKey(t, private, "RS256")
}

// NewECKey makes an EC P-256 viewer key (ES256).
func NewECKey(t testing.TB) ViewerKey {
	t.Helper()
	private, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	return viewerKey(t, private, "ES256")
}

func viewerKey(t testing.TB, private crypto.Signer, alg string) ViewerKey {
	t.Helper()
	publicDER, err := x509.MarshalPKIXPublicKey(private.Public())
	if err != nil {
		t.Fatal(err)
	}
	privateDER, err := x509.MarshalPKCS8PrivateKey(private)
	if err != nil {
		t.Fatal(err)
	}
	return ViewerKey{
		ID: ids.New(), Algorithm: alg, Private: private,
		PublicPEM:  string(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: publicDER})),
		PrivatePEM: string(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: privateDER})),
	}
}

// Claims are a viewer JWT's claims; zero times are left out.
type Claims struct {
	Subject                      string
	Expires, NotBefore, IssuedAt time.Time
}

// Mint signs claims with the key, kid = k.ID, as a customer's server would.
func (k ViewerKey) Mint(t testing.TB, c Claims) string {
	t.Helper()
	key, err := jwk.FromRaw(k.Private)
	if err != nil {
		t.Fatal(err)
	}
	if err := key.Set(jwk.KeyIDKey, k.ID); err != nil {
		t.Fatal(err)
	}
	token := jwt.New()
	set := map[string]any{jwt.SubjectKey: c.Subject}
	for name, at := range map[string]time.Time{jwt.ExpirationKey: c.Expires, jwt.NotBeforeKey: c.NotBefore, jwt.IssuedAtKey: c.IssuedAt} {
		if !at.IsZero() {
			set[name] = at
		}
	}
	for name, value := range set {
		if err := token.Set(name, value); err != nil {
			t.Fatal(err)
		}
	}
	signed, err := jwt.Sign(token, jwt.WithKey(jwa.SignatureAlgorithm(k.Algorithm), key))
	if err != nil {
		t.Fatal(err)
	}
	return string(signed)
}
