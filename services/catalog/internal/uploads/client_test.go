package uploads_test

import (
	"context"
	"log/slog"
	"net"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	uploadv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/upload/v1"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/grpcx"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/pkg/secrets"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
	"github.com/vidhost/vidhost/services/catalog/internal/uploads"
)

var root = secrets.MustRoot("upload-test-secret-upload-test-secret")

// uploadService answers ResolveUpload the way the upload service does,
// over a real gRPC server with the shared interceptors, so the test
// exercises the principal passed on and the mapping of its answers.
type uploadService struct {
	uploadv1.UnimplementedUploadServiceServer
	got chan *uploadv1.ResolveUploadRequest
}

func (s *uploadService) ResolveUpload(ctx context.Context, in *uploadv1.ResolveUploadRequest) (*uploadv1.ResolveUploadResponse, error) {
	s.got <- in
	p, err := principal.RequireWriter(ctx)
	if err != nil {
		return nil, err
	}
	switch in.GetReference() {
	case "svc://uploads/gone":
		return nil, status.Error(codes.NotFound, "Not found")
	case "svc://uploads/partial":
		return nil, status.Error(codes.InvalidArgument, "input refers to an upload whose bytes have not all arrived")
	case "svc://uploads/down":
		return nil, status.Error(codes.Unavailable, "try again")
	}
	return &uploadv1.ResolveUploadResponse{UploadId: "u", ObjectKey: "uploads/" + p.AccountID + "/u/a.mp4", Size: 42}, nil
}

func start(t *testing.T) (uploads.Client, *uploadService) {
	t.Helper()
	svc := &uploadService{got: make(chan *uploadv1.ResolveUploadRequest, 1)}
	srv := grpcx.NewServer(grpcx.ServerOptions{Logger: slog.New(slog.DiscardHandler), Root: root})
	uploadv1.RegisterUploadServiceServer(srv, svc)
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); _ = srv.Serve(ctx, lis, grpcx.DefaultDrain) }()
	t.Cleanup(func() { cancel(); <-done })
	conn, err := grpcx.Dial(lis.Addr().String(), grpcx.CallerCredentials(root, grpcx.Catalog))
	require.NoError(t, err)
	t.Cleanup(func() { _ = conn.Close() })
	return uploads.New(conn), svc
}

func TestResolve(t *testing.T) {
	client, svc := start(t)
	p := principal.Principal{AccountID: "acct", ActorID: "user"}
	tests := []struct {
		kind  catalog.UploadKind
		want  uploadv1.UploadKind
		field string
	}{
		{catalog.UploadVideo, uploadv1.UploadKind_UPLOAD_KIND_VIDEO, "input"},
		{catalog.UploadThumbnail, uploadv1.UploadKind_UPLOAD_KIND_THUMBNAIL, "url"},
		{catalog.UploadTrack, uploadv1.UploadKind_UPLOAD_KIND_TRACK, "url"},
	}
	for _, tt := range tests {
		t.Run(string(tt.kind), func(t *testing.T) {
			object, err := client.Resolve(t.Context(), p, "svc://uploads/ok", tt.kind)

			require.NoError(t, err)
			assert.Equal(t, catalog.UploadObject{Key: "uploads/acct/u/a.mp4", Size: 42}, object, "resolved in the caller's account")
			sent := <-svc.got
			assert.Equal(t, tt.want, sent.GetKind())
			assert.Equal(t, tt.field, sent.GetField(), "errors name the catalog's field")
		})
	}
}

func TestResolveErrors(t *testing.T) {
	client, svc := start(t)
	p := principal.Principal{AccountID: "acct", ActorID: "user"}
	tests := []struct {
		reference string
		check     func(t *testing.T, err error)
	}{
		{"svc://uploads/gone", func(t *testing.T, err error) { assert.ErrorIs(t, err, apperr.ErrNotFound) }},
		{"svc://uploads/partial", func(t *testing.T, err error) {
			assert.Equal(t, codes.InvalidArgument, status.Code(err), "the upload service's 400 is passed on")
			assert.Equal(t, "input refers to an upload whose bytes have not all arrived", status.Convert(err).Message())
		}},
		{"svc://uploads/down", func(t *testing.T, err error) { assert.Equal(t, codes.Unavailable, status.Code(err)) }},
	}
	for _, tt := range tests {
		t.Run(tt.reference, func(t *testing.T) {
			_, err := client.Resolve(t.Context(), p, tt.reference, catalog.UploadVideo)
			<-svc.got
			tt.check(t, err)
		})
	}
}
