package server

import (
	"google.golang.org/grpc"

	uploadv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/upload/v1"

	"github.com/vidhost/vidhost/services/upload/internal/upload"
)

// Server implements uploadv1.UploadServiceServer.
type Server struct {
	uploadv1.UnimplementedUploadServiceServer
	uploads *upload.Service
}

// New returns a server for svc.
func New(svc *upload.Service) *Server {
	return &Server{uploads: svc}
}

// Register adds the server to a gRPC server.
func (s *Server) Register(registrar grpc.ServiceRegistrar) {
	uploadv1.RegisterUploadServiceServer(registrar, s)
}
