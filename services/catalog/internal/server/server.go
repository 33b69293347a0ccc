package server

import (
	"google.golang.org/grpc"

	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"

	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
)

// Server implements catalogv1.CatalogServiceServer.
type Server struct {
	catalogv1.UnimplementedCatalogServiceServer
	catalog *catalog.Service
}

// New returns a server for svc.
func New(svc *catalog.Service) *Server {
	return &Server{catalog: svc}
}

// Register adds the server to a gRPC server.
func (s *Server) Register(registrar grpc.ServiceRegistrar) {
	catalogv1.RegisterCatalogServiceServer(registrar, s)
}
