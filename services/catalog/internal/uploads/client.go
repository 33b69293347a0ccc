package uploads

import (
	"context"
	"fmt"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	uploadv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/upload/v1"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
)

// kinds maps the domain's upload kinds to the upload service's.
var kinds = map[catalog.UploadKind]uploadv1.UploadKind{
	catalog.UploadVideo:     uploadv1.UploadKind_UPLOAD_KIND_VIDEO,
	catalog.UploadThumbnail: uploadv1.UploadKind_UPLOAD_KIND_THUMBNAIL,
	catalog.UploadTrack:     uploadv1.UploadKind_UPLOAD_KIND_TRACK,
}

// Client is a catalog.UploadResolver over a connection to the upload
// service.
type Client struct {
	client uploadv1.UploadServiceClient
}

var _ catalog.UploadResolver = Client{}

// New returns a resolver calling conn, which signs each call as the
// catalog (grpcx.Dial) for the principal passed on.
func New(conn grpc.ClientConnInterface) Client {
	return Client{client: uploadv1.NewUploadServiceClient(conn)}
}

// Resolve asks the upload service for the object behind reference. Its
// refusals (no such upload, wrong kind, bytes not arrived) are 400s naming
// the request's field (kind.Field(): input, url) and are passed on as they
// are; so is Unavailable, which the client sees as a 503 to retry.
func (c Client) Resolve(ctx context.Context, p principal.Principal, reference string, kind catalog.UploadKind) (catalog.UploadObject, error) {
	ctx = principal.NewContext(ctx, p)
	resp, err := c.client.ResolveUpload(ctx, &uploadv1.ResolveUploadRequest{
		Reference: reference, Kind: kinds[kind], Field: kind.Field(),
	})
	switch status.Code(err) {
	case codes.OK:
		return catalog.UploadObject{Key: resp.GetObjectKey(), Size: resp.GetSize()}, nil
	case codes.NotFound:
		return catalog.UploadObject{}, apperr.ErrNotFound
	case codes.InvalidArgument, codes.Unavailable, codes.FailedPrecondition, codes.PermissionDenied:
		return catalog.UploadObject{}, err
	}
	return catalog.UploadObject{}, fmt.Errorf("uploads: resolve %s: %w", reference, err)
}

// AllowURLSource asks the upload service what a URL source of p's account
// may take. Its refusals (uploads disabled, quota full) carry their codes
// and are passed on as they are.
func (c Client) AllowURLSource(ctx context.Context, p principal.Principal) (int64, error) {
	ctx = principal.NewContext(ctx, p)
	resp, err := c.client.AllowUrlSource(ctx, &uploadv1.AllowUrlSourceRequest{})
	switch status.Code(err) {
	case codes.OK:
		return resp.GetMaxBytes(), nil
	case codes.FailedPrecondition, codes.ResourceExhausted, codes.Unavailable, codes.PermissionDenied:
		return 0, err
	}
	return 0, fmt.Errorf("uploads: allow URL source: %w", err)
}
