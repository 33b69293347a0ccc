package rest

import (
	"context"
	"net/http"

	"google.golang.org/grpc/metadata"

	"github.com/vidhost/vidhost/pkg/grpcx"
	"github.com/vidhost/vidhost/pkg/logx"
	"github.com/vidhost/vidhost/pkg/principal"
)

// Annotator is the metadata sent with every call: the request id, and the
// principal the auth middleware resolved, signed with the internal secret so
// the services can trust it.
func Annotator(secret []byte) func(context.Context, *http.Request) metadata.MD {
	return func(ctx context.Context, _ *http.Request) metadata.MD {
		md := metadata.MD{}
		if id := logx.RequestID(ctx); id != "" {
			md.Set(grpcx.RequestIDHeader, id)
		}
		if p, ok := principal.FromContext(ctx); ok {
			signed, _ := metadata.FromOutgoingContext(principal.AppendToOutgoing(context.Background(), p, secret))
			md = metadata.Join(md, signed)
		}
		return md
	}
}

// noHeaders forwards no client header to the services and no service header
// to the client: both directions are decided here, not by whoever sends one.
func noHeaders(string) (string, bool) { return "", false }
