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
