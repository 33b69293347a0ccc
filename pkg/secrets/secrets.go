package secrets

import (
	"crypto/hkdf"
	"crypto/sha256"
	"fmt"
)

// MinLength is the shortest secret accepted anywhere: 32 bytes, the size of
// the HMAC-SHA256 keys they become.
const MinLength = 32

// KeyLength is the size of every derived key.
const KeyLength = 32

// infoPrefix versions the derivation: changing how keys are derived means
// changing it, so old and new keys can never collide.
const infoPrefix = "vidhost/v1/"

// Purpose names what a derived key is for. Two purposes never share a key.
type Purpose string

// The purposes of the suite. Per-service purposes are built by the
// functions below so their spelling lives here only.
const (
	// BlobURL signs the local blob driver's upload and download URLs.
	BlobURL Purpose = "blob-url"
	// MediaToken signs the tokens that open a private video's media files.
	MediaToken Purpose = "media-token"
	// ServiceCredentials encrypts the credentials of the hooks service's
	// integration targets at rest (webhook signing secrets, API keys, S3
	// keys), with a Box.
	ServiceCredentials Purpose = "service-credentials"
	// IdentityProviderSecret seals an identity provider's OAuth client
	// secret at rest (services/identity/internal/sso), with a Box.
	IdentityProviderSecret Purpose = "identity-provider-secret"
	// SSOFlow seals the single sign-on flow's state, nonce and PKCE verifier
	// into the short-lived cookie that binds the flow to a browser.
	SSOFlow Purpose = "sso-flow"
	// UploadToken signs the upload tokens a customer's backend mints for a
	// browser (docs/tokens.md).
	UploadToken Purpose = "upload-token"
	// TOTPSecret seals users' TOTP secrets at rest (AES-256-GCM in
	// identity's database), so a dump alone does not give them away.
	TOTPSecret Purpose = "totp-secret"
	// StreamKey seals live events' stream keys at rest in the catalog's
	// database (a Box): the interface shows the ingest URL, key included,
	// again on a later read, so a hash alone would not do (docs/live.md).
	StreamKey Purpose = "stream-key"
	// RestreamKey seals the stream keys of live events' restreams, other
	// platforms' secrets, at rest in the catalog's database (a Box): only
	// the live service gets them back, to publish (docs/live.md).
	RestreamKey Purpose = "restream-key"
	// IdempotencyRecord seals the answers the gateway keeps for
	// Idempotency-Key replays (a Box): one may carry a secret, such as a new
	// API key's value (docs/idempotency.md).
	IdempotencyRecord Purpose = "idempotency-record"
	// ViewTicket signs the view tickets a player page hands its player,
	// without which /collect counts no view (docs/analytics.md).
	ViewTicket Purpose = "view-ticket"
)

// InternalCall is the HMAC key service caller signs its internal gRPC
// calls with (pkg/principal).
func InternalCall(caller string) Purpose { return Purpose("internal-call/" + caller) }

// NATSUser is the seed of service's NATS user (an nkey).
func NATSUser(service string) Purpose { return Purpose("nats-user/" + service) }

// DatabaseRole is the password of service's PostgreSQL role.
func DatabaseRole(service string) Purpose { return Purpose("database-role/" + service) }

// Root is the operator's root secret.
type Root struct{ secret []byte }

// ParseRoot checks the root secret held by the variable name.
func ParseRoot(name, value string) (Root, error) {
	if err := Check(name, value); err != nil {
		return Root{}, err
	}
	return Root{secret: []byte(value)}, nil
}

// MustRoot is ParseRoot for tests and for values already checked.
func MustRoot(value string) Root {
	r, err := ParseRoot("root secret", value)
	if err != nil {
		panic(err)
	}
	return r
}

// Derive returns the key of purpose: KeyLength bytes, the same for the same
// root and purpose in every process.
func (r Root) Derive(purpose Purpose) []byte {
	if len(r.secret) == 0 {
		panic("secrets: Derive on a zero Root")
	}
	key, err := hkdf.Key(sha256.New, r.secret, nil, infoPrefix+string(purpose), KeyLength)
	if err != nil {
		panic(fmt.Sprintf("secrets: hkdf: %v", err)) // only for lengths over 255*32 bytes
	}
	return key
}

// IsZero reports whether r was never parsed.
func (r Root) IsZero() bool { return len(r.secret) == 0 }

// Check refuses a secret shorter than MinLength bytes, naming the variable
// (never the value) in the error.
func Check(name, value string) error {
	if len(value) < MinLength {
		return fmt.Errorf("%s must be at least %d bytes (it has %d); generate one with: openssl rand -hex 32",
			name, MinLength, len(value))
	}
	return nil
}

// OrDerived returns override when it is set (after checking its length) or
// else root's key of purpose: how a per-purpose variable such as
// VIDHOST_MEDIA_TOKEN_SECRET takes precedence over the derivation.
func OrDerived(name, override string, root Root, purpose Purpose) ([]byte, error) {
	if override == "" {
		return root.Derive(purpose), nil
	}
	if err := Check(name, override); err != nil {
		return nil, err
	}
	return []byte(override), nil
}
