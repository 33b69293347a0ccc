package server

import (
	"context"

	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/pkg/timefmt"
	identityv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
	"github.com/vidhost/vidhost/services/identity/internal/jwtkeys"
)

// CreateJwtKey backs POST /jwt_keys.
func (s *Server) CreateJwtKey(ctx context.Context, in *identityv1.CreateJwtKeyRequest) (*identityv1.JwtKey, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	k, err := s.jwtKeys.Create(ctx, p, jwtkeys.Input{Name: in.GetName(), PublicKey: in.GetPublicKey()})
	if err != nil {
		return nil, err
	}
	return jwtKeyProto(k), nil
}

// ListJwtKeys backs GET /jwt_keys.
func (s *Server) ListJwtKeys(ctx context.Context, in *identityv1.ListJwtKeysRequest) (*identityv1.ListJwtKeysResponse, error) {
	p, err := principal.Require(ctx)
	if err != nil {
		return nil, err
	}
	req, err := page.Parse(in.Limit, in.GetCursor())
	if err != nil {
		return nil, err
	}
	items, next, err := s.jwtKeys.List(ctx, p, req)
	if err != nil {
		return nil, err
	}
	out := &identityv1.ListJwtKeysResponse{Items: make([]*identityv1.JwtKey, len(items)), NextCursor: next}
	for i, k := range items {
		out.Items[i] = jwtKeyProto(k)
	}
	return out, nil
}

// GetJwtKey backs GET /jwt_keys/{id}.
func (s *Server) GetJwtKey(ctx context.Context, in *identityv1.GetJwtKeyRequest) (*identityv1.JwtKey, error) {
	p, err := principal.Require(ctx)
	if err != nil {
		return nil, err
	}
	k, err := s.jwtKeys.Get(ctx, p, in.GetId())
	if err != nil {
		return nil, err
	}
	return jwtKeyProto(k), nil
}

// DeleteJwtKey backs DELETE /jwt_keys/{id}.
func (s *Server) DeleteJwtKey(ctx context.Context, in *identityv1.DeleteJwtKeyRequest) (*identityv1.DeleteJwtKeyResponse, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	if err := s.jwtKeys.Delete(ctx, p, in.GetId()); err != nil {
		return nil, err
	}
	return &identityv1.DeleteJwtKeyResponse{}, nil
}

// GetJwtPublicKey needs no principal: the playback edge verifies viewer
// JWTs for anonymous viewers. It reveals only a public key, and only to a
// caller that knows both the account and the key id.
func (s *Server) GetJwtPublicKey(ctx context.Context, in *identityv1.GetJwtPublicKeyRequest) (*identityv1.GetJwtPublicKeyResponse, error) {
	k, err := s.jwtKeys.PublicKey(ctx, in.GetAccountId(), in.GetKeyId())
	if err != nil {
		return nil, err
	}
	return &identityv1.GetJwtPublicKeyResponse{
		KeyId: k.ID, AccountId: k.AccountID, PublicKey: k.PublicKey, Algorithm: k.Algorithm,
	}, nil
}

func jwtKeyProto(k jwtkeys.Key) *identityv1.JwtKey {
	return &identityv1.JwtKey{
		Id:          k.ID,
		Name:        k.Name,
		PublicKey:   k.PublicKey,
		CreatedBy:   k.CreatedBy,
		CreatedTime: timefmt.Format(k.CreatedTime),
		UpdatedBy:   k.UpdatedBy,
		UpdatedTime: timefmt.Format(k.UpdatedTime),
	}
}
