package sso

import (
	"crypto/subtle"
	"encoding/base64"
	"encoding/json"
	"errors"
	"time"

	"golang.org/x/oauth2"

	"github.com/vidhost/vidhost/pkg/secrets"
)

// FlowTTL is how long a started sign-in may take to come back.
const FlowTTL = 10 * time.Minute

// flowContext binds sealed flows to their use.
const flowContext = "sso-flow/v1"

// flowState is what the flow cookie carries, sealed (AES-GCM) so the
// browser can neither read the PKCE verifier nor change anything: the
// server keeps no row per sign-in, and the cookie, HttpOnly and scoped to
// the callback, binds the flow to the browser that started it.
type flowState struct {
	AccountID  string `json:"a"`
	ProviderID string `json:"p"`
	State      string `json:"s"`
	Nonce      string `json:"n"`
	Verifier   string `json:"v"`
	Expires    int64  `json:"x"`
}

var errFlow = errors.New("this sign-in is invalid or has expired: start again")

// newFlow starts a flow with fresh random state, nonce and verifier.
func newFlow(p Provider, now time.Time) flowState {
	return flowState{AccountID: p.AccountID, ProviderID: p.ID, State: randomString(), Nonce: randomString(),
		Verifier: oauth2.GenerateVerifier(), Expires: now.Add(FlowTTL).Unix()}
}

func randomString() string {
	return secrets.Token(32)
}

// sealFlow is the flow cookie's value.
func (s *Service) sealFlow(f flowState) string {
	raw, _ := json.Marshal(f) // plain strings and a number
	return base64.RawURLEncoding.EncodeToString(s.flows.Seal(raw, flowContext))
}

// openFlow reads a flow cookie; anything forged, tampered or from another
// installation is errFlow. Expiry is checked by the caller, which knows the
// account to audit against by then.
func (s *Service) openFlow(cookie string) (flowState, error) {
	sealed, err := base64.RawURLEncoding.DecodeString(cookie)
	if err != nil || len(cookie) > 4096 {
		return flowState{}, errFlow
	}
	raw, err := s.flows.Open(sealed, flowContext)
	if err != nil {
		return flowState{}, errFlow
	}
	var f flowState
	if json.Unmarshal(raw, &f) != nil || f.AccountID == "" || f.ProviderID == "" {
		return flowState{}, errFlow
	}
	return f, nil
}

// matches reports whether the state the provider sent back is the flow's.
func (f flowState) matches(state string) bool {
	return subtle.ConstantTimeCompare([]byte(f.State), []byte(state)) == 1
}
