package server

import (
	"google.golang.org/grpc"

	identityv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
	"github.com/vidhost/vidhost/services/identity/internal/accounts"
	"github.com/vidhost/vidhost/services/identity/internal/auditlog"
	"github.com/vidhost/vidhost/services/identity/internal/invites"
	"github.com/vidhost/vidhost/services/identity/internal/jwtkeys"
	"github.com/vidhost/vidhost/services/identity/internal/keys"
	"github.com/vidhost/vidhost/services/identity/internal/sso"
	"github.com/vidhost/vidhost/services/identity/internal/users"
)

// Server implements identityv1.IdentityServiceServer.
type Server struct {
	identityv1.UnimplementedIdentityServiceServer
	keys    *keys.Service
	jwtKeys *jwtkeys.Service
	admin   *Admin
	users   *users.Service
	invites *invites.Service
	// auditLog lists the account's audit log.
	auditLog *auditlog.Service
	// sso is identity providers and single sign-on.
	sso *sso.Service
	// summaries answers GET /v2/account.
	summaries *accounts.Summaries
	// sessions is sign-in's own gRPC service, registered beside s.
	sessions *Sessions
}

// New returns a Server over the API key and JWT key domains.
func New(keys *keys.Service, jwtKeys *jwtkeys.Service) *Server {
	return &Server{keys: keys, jwtKeys: jwtKeys}
}

// WithAdmin adds the operator's service, registered beside s.
func (s *Server) WithAdmin(admin *Admin) *Server {
	s.admin = admin
	return s
}

// Register adds s (and the operator's service, when set) to a gRPC server.
func (s *Server) Register(reg grpc.ServiceRegistrar) {
	identityv1.RegisterIdentityServiceServer(reg, s)
	if s.admin != nil {
		s.admin.Register(reg)
	}
	if s.sessions != nil {
		s.sessions.Register(reg)
	}
}
