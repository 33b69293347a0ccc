package server

import (
	"context"

	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/pkg/principal"
	identityv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
	"github.com/vidhost/vidhost/services/identity/internal/keys"
)

// CreateApiKey makes a key; its response is the only one carrying value.
func (s *Server) CreateApiKey(ctx context.Context, in *identityv1.CreateApiKeyRequest) (*identityv1.ApiKey, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	created, err := s.keys.Create(ctx, p, keys.Input{
		Type: in.GetType(), Name: in.GetName(), Permissions: in.GetPermissions(), IPs: in.GetIps(), Role: in.GetRole(),
	})
	if err != nil {
		return nil, err
	}
	out := apiKeyProto(created.Key)
	out.Value = &created.Value
	return out, nil
}

// ListApiKeys backs GET /keys.
func (s *Server) ListApiKeys(ctx context.Context, in *identityv1.ListApiKeysRequest) (*identityv1.ListApiKeysResponse, error) {
	items, next, err := s.list(ctx, in.Limit, in.GetCursor())
	if err != nil {
		return nil, err
	}
	out := &identityv1.ListApiKeysResponse{Items: make([]*identityv1.ApiKey, len(items)), NextCursor: next}
	for i, k := range items {
		out.Items[i] = apiKeyProto(k)
	}
	return out, nil
}

// ListApiKeySummaries backs GET /api_keys: the same keys without ips.
func (s *Server) ListApiKeySummaries(ctx context.Context, in *identityv1.ListApiKeySummariesRequest) (*identityv1.ListApiKeySummariesResponse, error) {
	items, next, err := s.list(ctx, in.Limit, in.GetCursor())
	if err != nil {
		return nil, err
	}
	out := &identityv1.ListApiKeySummariesResponse{Items: make([]*identityv1.ApiKeySummary, len(items)), NextCursor: next}
	for i, k := range items {
		out.Items[i] = summaryProto(k)
	}
	return out, nil
}

func (s *Server) list(ctx context.Context, limit *int32, cursor string) ([]keys.Key, string, error) {
	p, err := principal.Require(ctx)
	if err != nil {
		return nil, "", err
	}
	req, err := page.Parse(limit, cursor)
	if err != nil {
		return nil, "", err
	}
	return s.keys.List(ctx, p, req)
}

// GetApiKey backs GET /keys/{id}.
func (s *Server) GetApiKey(ctx context.Context, in *identityv1.GetApiKeyRequest) (*identityv1.ApiKey, error) {
	p, err := principal.Require(ctx)
	if err != nil {
		return nil, err
	}
	k, err := s.keys.Get(ctx, p, in.GetId())
	if err != nil {
		return nil, err
	}
	return apiKeyProto(k), nil
}

// UpdateApiKey backs PATCH /keys/{id}: exactly the masked fields change.
func (s *Server) UpdateApiKey(ctx context.Context, in *identityv1.UpdateApiKeyRequest) (*identityv1.ApiKey, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	values := in.GetApiKey()
	k, err := s.keys.Update(ctx, p, in.GetId(), keys.Update{
		Paths: in.GetUpdateMask().GetPaths(),
		Values: keys.Input{
			Type: values.GetType(), Name: values.GetName(), Permissions: values.GetPermissions(), IPs: values.GetIps(),
			Role: values.GetRole(),
		},
	})
	if err != nil {
		return nil, err
	}
	return apiKeyProto(k), nil
}

// DeleteApiKey backs DELETE /keys/{id}.
func (s *Server) DeleteApiKey(ctx context.Context, in *identityv1.DeleteApiKeyRequest) (*identityv1.DeleteApiKeyResponse, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	if err := s.keys.Delete(ctx, p, in.GetId()); err != nil {
		return nil, err
	}
	return &identityv1.DeleteApiKeyResponse{}, nil
}

// RecordToken audits a token the gateway minted (docs/tokens.md).
func (s *Server) RecordToken(ctx context.Context, in *identityv1.RecordTokenRequest) (*identityv1.RecordTokenResponse, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	err = s.keys.RecordToken(ctx, p, keys.MintedToken{ID: in.GetId(), Type: in.GetType(),
		MaxSizeBytes: in.GetMaxSizeBytes(), VideoID: in.GetVideoId(), ExpiresTime: in.GetExpiresTime()})
	if err != nil {
		return nil, err
	}
	return &identityv1.RecordTokenResponse{}, nil
}
