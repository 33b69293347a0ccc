package rest

import (
	"context"
	"net/http"

	"github.com/grpc-ecosystem/grpc-gateway/v2/runtime"
	"google.golang.org/grpc/metadata"

	"github.com/vidhost/vidhost/gateway/internal/idempotency"
	"github.com/vidhost/vidhost/pkg/grpcx"
	"github.com/vidhost/vidhost/pkg/logx"
)

// Annotator is the metadata sent with every call: the request id. The
// principal the auth middleware resolved stays in the context, where the
// backend connection's interceptor (grpcx.Dial) finds it and signs it for
// the one method called. The grpc-gateway calls it with the method named
// in ctx just before calling it: a keyed POST keeps that name with its
// answer, so a replay can check the caller may still call it.
func Annotator(ctx context.Context, _ *http.Request) metadata.MD {
	if method, ok := runtime.RPCMethod(ctx); ok {
		idempotency.NoteCall(ctx, method)
	}
	md := metadata.MD{}
	if id := logx.RequestID(ctx); id != "" {
		md.Set(grpcx.RequestIDHeader, id)
	}
	return md
}

// noHeaders forwards no client header to the services and no service header
// to the client: both directions are decided here, not by whoever sends one.
func noHeaders(string) (string, bool) { return "", false }
