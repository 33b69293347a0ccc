package server

import (
	"google.golang.org/grpc"

	hooksv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/hooks/v1"

	"github.com/vidhost/vidhost/services/hooks/internal/hooks"
)

// Server implements hooksv1.HooksServiceServer.
type Server struct {
	hooksv1.UnimplementedHooksServiceServer
	registry *hooks.Registry
}

// New returns a server for registry.
func New(registry *hooks.Registry) *Server {
	return &Server{registry: registry}
}

// Register adds the server to a gRPC server.
func (s *Server) Register(registrar grpc.ServiceRegistrar) {
	hooksv1.RegisterHooksServiceServer(registrar, s)
}
