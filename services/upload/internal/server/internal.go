package server

import (
	"context"

	uploadv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/upload/v1"

	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/services/upload/internal/protomap"
	"github.com/vidhost/vidhost/services/upload/internal/upload"
)

// ResolveUpload is called by services acting for a client (the catalog
// creating a video), with that client's principal: the reference must
// belong to its account. Resolving takes ownership of the object, so it is
// a write.
func (s *Server) ResolveUpload(ctx context.Context, in *uploadv1.ResolveUploadRequest) (*uploadv1.ResolveUploadResponse, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	r, err := s.uploads.Resolve(ctx, p, in.GetReference(), protomap.Kind(in.GetKind()), in.GetField())
	if err != nil {
		return nil, err
	}
	return protomap.Resolution(r), nil
}

// AllowUrlSource is called by the catalog creating a video from a URL,
// with its client's principal: the source obeys that account's limits.
func (s *Server) AllowUrlSource(ctx context.Context, _ *uploadv1.AllowUrlSourceRequest) (*uploadv1.UrlSourceAllowance, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	maxBytes, err := s.uploads.AllowURLSource(ctx, p)
	if err != nil {
		return nil, err
	}
	return &uploadv1.UrlSourceAllowance{MaxBytes: maxBytes}, nil
}

// GetAccountSettings and SetAccountSettings are for operators and tests;
// they are not mapped to REST, so only holders of the internal secret can
// call them, for any account.
func (s *Server) GetAccountSettings(ctx context.Context, in *uploadv1.GetAccountSettingsRequest) (*uploadv1.AccountSettings, error) {
	p, err := principal.Require(ctx)
	if err != nil {
		return nil, err
	}
	settings, err := s.uploads.AccountSettings(ctx, accountOr(in.GetAccountId(), p))
	if err != nil {
		return nil, err
	}
	return protomap.AccountSettings(settings), nil
}

func (s *Server) SetAccountSettings(ctx context.Context, in *uploadv1.SetAccountSettingsRequest) (*uploadv1.AccountSettings, error) {
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	settings, err := s.uploads.SetAccountSettings(ctx, p, accountOr(in.GetAccountId(), p), upload.SettingsChange{
		UploadsEnabled: in.UploadsEnabled,
		MaxFileBytes:   in.MaxFileBytes,
		QuotaBytes:     in.QuotaBytes,
		MaxConcurrent:  in.MaxConcurrent,
	})
	if err != nil {
		return nil, err
	}
	return protomap.AccountSettings(settings), nil
}

// accountOr is the requested account, or the caller's own.
func accountOr(accountID string, p principal.Principal) string {
	if accountID == "" {
		return p.AccountID
	}
	return accountID
}
