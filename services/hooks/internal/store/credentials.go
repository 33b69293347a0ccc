package store

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/vidhost/vidhost/services/hooks/internal/hooks"
)

// sealedCredentials is the JSON document sealed into services.credentials.
type sealedCredentials struct {
	Secret                string    `json:"secret,omitempty"`
	PreviousSecret        string    `json:"previous_secret,omitempty"`
	PreviousSecretExpires time.Time `json:"previous_secret_expires,omitzero"`
	APIKey                string    `json:"api_key,omitempty"`
	AccessKeyID           string    `json:"access_key_id,omitempty"`
	SecretAccessKey       string    `json:"secret_access_key,omitempty"`
}

// credentialsContext binds a sealed value to its row: copied to another
// service or account, it does not open.
func credentialsContext(accountID, serviceID string) string {
	return "hooks/services/" + accountID + "/" + serviceID + "/credentials"
}

func (t *tx) seal(accountID, serviceID string, c hooks.Credentials) ([]byte, error) {
	plain, err := json.Marshal(sealedCredentials(c)) //nolint:gosec // marshalled to be sealed, never stored or logged in clear
	if err != nil {
		return nil, fmt.Errorf("store: seal credentials: %w", err)
	}
	return t.box.Seal(plain, credentialsContext(accountID, serviceID)), nil
}

func (t *tx) open(accountID, serviceID string, sealed []byte) (hooks.Credentials, error) {
	plain, err := t.box.Open(sealed, credentialsContext(accountID, serviceID))
	if err != nil {
		// The root secret changed, or the row was tampered with: the
		// error names the service, never the bytes.
		return hooks.Credentials{}, fmt.Errorf("store: credentials of service %s: %w", serviceID, err)
	}
	var c sealedCredentials
	if err := json.Unmarshal(plain, &c); err != nil {
		return hooks.Credentials{}, fmt.Errorf("store: credentials of service %s: %w", serviceID, err)
	}
	return hooks.Credentials(c), nil
}
