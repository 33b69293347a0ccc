package playbacktest

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
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

// SignRaw signs any header and claims with the key, for the tokens a JOSE
// library would not produce (a crit header, a string exp). The header gets
// alg and kid unless it sets them.
func (k ViewerKey) SignRaw(t testing.TB, header, claims map[string]any) string {
	t.Helper()
	full := map[string]any{"alg": k.Algorithm, "kid": k.ID}
	for name, value := range header {
		full[name] = value
	}
	input := encodePart(t, full) + "." + encodePart(t, claims)
	digest := sha256.Sum256([]byte(input))
	var signature []byte
	switch private := k.Private.(type) {
	case *rsa.PrivateKey:
		sig, err := rsa.SignPKCS1v15(rand.Reader, private, crypto.SHA256, digest[:])
		if err != nil {
			t.Fatal(err)
		}
		signature = sig
	case *ecdsa.PrivateKey:
		r, s, err := ecdsa.Sign(rand.Reader, private, digest[:])
		if err != nil {
			t.Fatal(err)
		}
		signature = make([]byte, 64) // JWS wants r||s, 32 bytes each
		r.FillBytes(signature[:32])
		s.FillBytes(signature[32:])
	}
	return input + "." + base64.RawURLEncoding.EncodeToString(signature)
}

func encodePart(t testing.TB, v any) string {
	t.Helper()
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return base64.RawURLEncoding.EncodeToString(raw)
}
