package server

import (
	"context"

	"github.com/vidhost/vidhost/pkg/principal"
	uploadv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/upload/v1"
)

// GetUploadUsage backs GET /v2/account/uploads.
func (s *Server) GetUploadUsage(ctx context.Context, _ *uploadv1.GetUploadUsageRequest) (*uploadv1.UploadUsage, error) {
	p, err := principal.Require(ctx)
	if err != nil {
		return nil, err
	}
	u, err := s.uploads.Usage(ctx, p)
	if err != nil {
		return nil, err
	}
	return &uploadv1.UploadUsage{
		Bytes: u.Bytes, QuotaBytes: u.Limits.QuotaBytes, QuotaPlan: u.Limits.QuotaPlan,
		InProgress: int32(u.InProgress), MaxConcurrent: u.Limits.MaxConcurrent, //nolint:gosec // bounded by MaxConcurrent
		MaxFileBytes: u.Limits.MaxFileBytes, UploadsEnabled: u.Limits.UploadsEnabled,
	}, nil
}
