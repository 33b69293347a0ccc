package server

import (
	"google.golang.org/grpc"

	hooksv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/hooks/v1"

	"github.com/vidhost/vidhost/services/hooks/internal/hooks"
)

// Server implements hooksv1.HooksServiceServer.
type Server struct {
	hooksv1.UnimplementedHooksServiceServer
	svc *hooks.Service
}

// New returns a server over the hooks use cases.
func New(svc *hooks.Service) *Server {
	return &Server{svc: svc}
}

// Register adds the server to a gRPC server.
func (s *Server) Register(registrar grpc.ServiceRegistrar) {
	hooksv1.RegisterHooksServiceServer(registrar, s)
}

// mapOne returns the message of a domain result, or the domain error.
func mapOne[T any, M any](v T, err error, toMessage func(T) *M) (*M, error) {
	if err != nil {
		return nil, err
	}
	return toMessage(v), nil
}

// mapAll returns the messages of a page of domain values.
func mapAll[T any, M any](items []T, toMessage func(T) *M) []*M {
	out := make([]*M, len(items))
	for i, item := range items {
		out[i] = toMessage(item)
	}
	return out
}
