package server

import (
	"context"

	identityv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
)

// Authenticate resolves a bearer secret to a principal. The gateway calls it
// before it has a principal, so none is required; every failure is the same
// Unauthenticated, whether the key never existed, was deleted or is garbled.
func (s *Server) Authenticate(ctx context.Context, in *identityv1.AuthenticateRequest) (*identityv1.AuthenticateResponse, error) {
	cred, err := s.keys.Authenticate(ctx, in.GetKey())
	if err != nil {
		return nil, err
	}
	return &identityv1.AuthenticateResponse{Principal: &identityv1.Principal{
		AccountId:   cred.AccountID,
		KeyId:       cred.ID,
		ActorId:     cred.ID, // requests made with a key are recorded as made by the key
		Permissions: cred.Permissions,
		Ips:         cred.IPs,
		LiveEnabled: cred.LiveEnabled,
		Plan:        cred.Plan,
		Role:        cred.EffectiveRole(),
	}}, nil
}
