package tokens

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"github.com/vidhost/vidhost/pkg/apirules"
	"github.com/vidhost/vidhost/pkg/secrets"
)

// Prefix starts every token, so the gateway tells a token from an API key
// (vh_…) without asking identity.
const Prefix = "vht_"

// Token types: an upload token makes one upload and one video from it; a
// viewer token opens one private video's pages and media.
const (
	TypeUpload = apirules.TokenTypeUpload
	TypeViewer = apirules.TokenTypeViewer
)

// Lifetimes of a token (ttl_seconds). A viewer token may live as long as a
// viewer JWT by default: the media tokens it opens die with it, so it must
// outlast a film.
const (
	DefaultTTL       = 15 * time.Minute
	MinTTL           = apirules.TokenTTLMin * time.Second
	MaxTTL           = time.Hour
	DefaultViewerTTL = time.Hour
	MaxViewerTTL     = apirules.TokenTTLMax * time.Second
)

// maxLength bounds what is decoded at all; real tokens are ~300 bytes.
const maxLength = 1024

// signatureVersion is signed first, so a later format cannot be confused
// with this one.
const signatureVersion = "vidhost-token-v1\n"

// Errors of Verify. Which one is told to the client: an expired token is
// worth asking the backend for a new one, an invalid one is a bug or an
// attack.
var (
	ErrInvalid = errors.New("token is not valid")
	ErrExpired = errors.New("token has expired")
)

// Claims are what a token asserts, signed.
type Claims struct {
	Type string `json:"typ"`
	// ID (jti) is random; the upload service records it with the upload,
	// which makes the token single-use.
	ID        string `json:"jti"`
	AccountID string `json:"acc"`
	// KeyID is the API key that minted the token (empty when a signed-in
	// person did); ActorID and ActorType are the minter as audit logs name
	// it: the actor of what the token does, in created_by and audit logs.
	KeyID     string `json:"kid,omitempty"`
	ActorID   string `json:"act"`
	ActorType string `json:"aty"`
	// Role is the minter's role: a person's own, or a key's ceiling as it acted
	// (docs/roles.md).
	Role string `json:"rol,omitempty"`
	// Plan is the account's plan when minted, for the upload quotas.
	Plan         string `json:"plan,omitempty"`
	MaxSizeBytes int64  `json:"max,omitempty"`
	// VideoID is the one video a viewer token opens.
	VideoID string `json:"vid,omitempty"`
	Expires int64  `json:"exp"`
}

// ExpiresTime is Expires as a time.
func (c Claims) ExpiresTime() time.Time { return time.Unix(c.Expires, 0).UTC() }

// Signer mints and verifies tokens with one HMAC-SHA256 key, derived from
// the root secret (pkg/secrets, purpose upload-token).
type Signer struct {
	key []byte
	now func() time.Time
}

// NewSigner returns a Signer using key and the clock now.
func NewSigner(key []byte, now func() time.Time) Signer { return Signer{key: key, now: now} }

// Mint fills in the id and expiry of c (now + ttl) and returns the token
// with the claims it carries.
func (s Signer) Mint(c Claims, ttl time.Duration) (string, Claims) {
	c.ID = newID()
	c.Expires = s.now().Add(ttl).Unix()
	payload, err := json.Marshal(c)
	if err != nil {
		panic(err) // strings and integers always marshal
	}
	body := base64.RawURLEncoding.EncodeToString(payload)
	return Prefix + body + "." + s.sign(body), c
}

// Verify checks the token's signature and expiry and returns its claims.
func (s Signer) Verify(token string) (Claims, error) {
	rest, ok := strings.CutPrefix(token, Prefix)
	if !ok || len(token) > maxLength {
		return Claims{}, ErrInvalid
	}
	body, sig, ok := strings.Cut(rest, ".")
	if !ok || !hmac.Equal([]byte(sig), []byte(s.sign(body))) {
		return Claims{}, ErrInvalid
	}
	payload, err := base64.RawURLEncoding.DecodeString(body)
	if err != nil {
		return Claims{}, ErrInvalid
	}
	var c Claims
	if err := json.Unmarshal(payload, &c); err != nil || !c.complete() {
		return Claims{}, ErrInvalid
	}
	if !s.now().Before(c.ExpiresTime()) {
		return Claims{}, ErrExpired
	}
	return c, nil
}

// complete reports whether c has what its type needs.
func (c Claims) complete() bool {
	if c.ID == "" || c.AccountID == "" {
		return false
	}
	switch c.Type {
	case TypeUpload:
		return c.MaxSizeBytes > 0
	case TypeViewer:
		return c.VideoID != ""
	}
	return false
}

func (s Signer) sign(body string) string {
	mac := hmac.New(sha256.New, s.key)
	mac.Write([]byte(signatureVersion + body))
	return base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
}

// newID returns 128 random bits, base64url: no comma, no "=", so it rides
// in the principal's flags unescaped.
func newID() string {
	return secrets.Token(16)
}
