package server

import (
	"context"

	uploadv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/upload/v1"

	"github.com/vidhost/vidhost/pkg/apperr"
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

// GetAccountSettings and SetAccountSettings are the operator's (admin
// tooling, grpcx.Policy): not mapped to REST, so no API key reaches them,
// and the account is named in the request rather than taken from a
// principal.
func (s *Server) GetAccountSettings(ctx context.Context, in *uploadv1.GetAccountSettingsRequest) (*uploadv1.AccountSettings, error) {
	if in.GetAccountId() == "" {
		return nil, errNoAccount
	}
	settings, err := s.uploads.AccountSettings(ctx, in.GetAccountId())
	if err != nil {
		return nil, err
	}
	return protomap.AccountSettings(settings), nil
}

// SetAccountSettings changes the upload settings the request sets for an
// account and returns the result; like GetAccountSettings it is for the
// operator only.
func (s *Server) SetAccountSettings(ctx context.Context, in *uploadv1.SetAccountSettingsRequest) (*uploadv1.AccountSettings, error) {
	if in.GetAccountId() == "" {
		return nil, errNoAccount
	}
	// The change is recorded as made by the calling tool.
	operator := principal.Principal{ActorID: principal.CallerFrom(ctx)}
	settings, err := s.uploads.SetAccountSettings(ctx, operator, in.GetAccountId(), upload.SettingsChange{
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

var errNoAccount = apperr.InvalidField("account_id", "must be set")
