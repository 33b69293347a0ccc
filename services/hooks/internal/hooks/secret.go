package hooks

import (
	"encoding/base64"
	"time"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/secrets"
)

// SecretPrefix starts every webhook signing secret, as the Standard
// Webhooks specification has it, so receivers' libraries take it as is.
const SecretPrefix = "whsec_"

// secretBytes is the signing key's size: the specification asks for 24 to
// 64 bytes; 32 is HMAC-SHA256's block-sized key.
const secretBytes = 32

// ErrNoSecret refuses rotating the secret of a service that has none.
var ErrNoSecret = &apperr.Refused{Reason: "only a webhook service has a signing secret to rotate"}

// newSecret returns a fresh signing secret.
func newSecret() string {
	return SecretPrefix + base64.StdEncoding.EncodeToString(secrets.Bytes(secretBytes))
}

// rotateSecret gives s a new secret and keeps the current one valid for
// SecretGrace from now. Rotating twice within the grace period drops the
// oldest: only the secret in use just before is kept.
func (s *Target) rotateSecret(now time.Time) error {
	if s.Type != TypeWebhook {
		return ErrNoSecret
	}
	s.Credentials.PreviousSecret = s.Credentials.Secret
	s.Credentials.PreviousSecretExpires = now.Add(SecretGrace).UTC()
	s.Credentials.Secret = newSecret()
	return nil
}
