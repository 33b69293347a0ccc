package stack

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"os"
	"path/filepath"
)

// Production is what changes when vidhost-server runs the suite on a
// server rather than `make run` on a laptop: the same wiring, with the
// public address, the data directory laid out for backups, the database
// roles provisioned through the operator's DATABASE_URL, and real mail.
type Production struct {
	// PublicURL is the address people and services reach the gateway at
	// (https://video.example.com); every URL the suite hands out uses it.
	PublicURL string
	// Listener is the gateway's public listener, TLS already wrapped
	// around it when the server terminates HTTPS itself.
	Listener net.Listener
	// TLS says Listener terminates TLS (ACME or certificate files); false
	// behind a reverse proxy, which speaks plain HTTP to it.
	TLS bool
}

// mediaDir is the local blob store under the data directory (VIDHOST_BLOB_DIR
// overrides it), the directory a backup copies.
const mediaDir = "media"

// ServerEnvFile is the file under the data directory where a running
// server says where identity listens, for `vidhost admin --config`.
const ServerEnvFile = "server.env"

// StartProduction brings the suite up as vidhost-server runs it. Unlike
// Start it needs the root secret in VarDir/internal.secret and a
// DATABASE_URL whose role may create the services' roles, and it runs no
// Mailpit: identity sends through VIDHOST_SMTP_*.
func StartProduction(ctx context.Context, cfg Config, prod Production, logger *slog.Logger) (*Stack, error) {
	if cfg.DatabaseURL == "" {
		return nil, errors.New("DATABASE_URL must be set: the role vidhost-server provisions the services' roles with")
	}
	if prod.Listener == nil || prod.PublicURL == "" {
		return nil, errors.New("a production stack needs its public URL and listener")
	}
	return start(ctx, cfg, &prod, logger)
}

// production reports whether vidhost-server runs this stack.
func (s *Stack) production() bool { return s.prod != nil }

// localBlobDir is where local blobs live when VIDHOST_BLOB_DIR is unset:
// var/blob for the devstack, DATA/media on a server.
func (s *Stack) localBlobDir() string {
	if s.production() {
		return filepath.Join(s.varDir, mediaDir)
	}
	return filepath.Join(s.varDir, "blob")
}

// writeServerEnvFile writes DATA/server.env (0600): the public URL,
// identity's address of this run and where the root secret is, which
// `vidhost admin --config` reads. The owner's secrets are not in it: init
// handed them over once.
func (s *Stack) writeServerEnvFile() (string, error) {
	path := filepath.Join(s.varDir, ServerEnvFile)
	body := "VIDHOST_URL=" + s.URL + "\nVIDHOST_IDENTITY_ADDR=" + s.IdentityAddr +
		"\nVIDHOST_INTERNAL_SECRET_FILE=" + filepath.Join(s.varDir, secretFile) + "\n"
	return path, os.WriteFile(path, []byte(body), 0o600)
}
