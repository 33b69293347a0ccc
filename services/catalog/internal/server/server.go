package server

import (
	"google.golang.org/grpc"

	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"

	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
	"github.com/vidhost/vidhost/services/catalog/internal/clips"
	"github.com/vidhost/vidhost/services/catalog/internal/leads"
	"github.com/vidhost/vidhost/services/catalog/internal/restreams"
	"github.com/vidhost/vidhost/services/catalog/internal/streamkeys"
	"github.com/vidhost/vidhost/services/catalog/internal/transcribes"
)

// Server implements catalogv1.CatalogServiceServer.
type Server struct {
	catalogv1.UnimplementedCatalogServiceServer
	catalog     *catalog.Service
	streamKeys  *streamkeys.Service
	transcribes *transcribes.Service
	leads       *leads.Service
	restreams   *restreams.Service
	clips       *clips.Service
}

// UseCases are the domain's use-case types whose methods the handlers
// call: the catalog's, and those of the packages carved out of it.
type UseCases struct {
	Catalog     *catalog.Service
	StreamKeys  *streamkeys.Service
	Transcribes *transcribes.Service
	Leads       *leads.Service
	Restreams   *restreams.Service
	Clips       *clips.Service
}

// New returns a server for u.
func New(u UseCases) *Server {
	return &Server{catalog: u.Catalog, streamKeys: u.StreamKeys, transcribes: u.Transcribes, leads: u.Leads,
		restreams: u.Restreams, clips: u.Clips}
}

// Register adds the server to a gRPC server.
func (s *Server) Register(registrar grpc.ServiceRegistrar) {
	catalogv1.RegisterCatalogServiceServer(registrar, s)
}
