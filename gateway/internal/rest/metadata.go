package rest

import (
	"context"
	"net/http"

	"google.golang.org/grpc/metadata"

	"github.com/vidhost/vidhost/pkg/grpcx"
	"github.com/vidhost/vidhost/pkg/logx"
)

// Annotator is the metadata sent with every call: the request id. The
// principal the auth middleware resolved stays in the context, where the
// backend connection's interceptor (grpcx.Dial) finds it and signs it for
// the one method called.
func Annotator(ctx context.Context, _ *http.Request) metadata.MD {
	md := metadata.MD{}
	if id := logx.RequestID(ctx); id != "" {
		md.Set(grpcx.RequestIDHeader, id)
	}
	return md
}

// noHeaders forwards no client header to the services and no service header
// to the client: both directions are decided here, not by whoever sends one.
func noHeaders(string) (string, bool) { return "", false }
