package stack

import (
	"context"
	"encoding/hex"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/config"
	"github.com/vidhost/vidhost/pkg/secrets"
	uploadapp "github.com/vidhost/vidhost/services/upload/app"
)

// uploadAddrs are the upload service's two listeners.
type uploadAddrs struct {
	grpc, tus string
}

// blobSettings is the local-directory blob store in var/blob that every
// service of the devstack shares, unless VIDHOST_BLOB_DRIVER=s3 is set.
func (s *Stack) blobSettings() blob.Settings {
	var settings blob.Settings
	_ = config.Load(&settings) // VIDHOST_BLOB_* / VIDHOST_S3_* from the environment
	if settings.Driver == "" || settings.Driver == "local" {
		settings.Driver = "local"
		if settings.Dir == "" || !s.production() {
			settings.Dir = s.localBlobDir()
		}
		settings.PublicURL = s.URL
	}
	if settings.SigningSecret == "" {
		// Its own key, derived from the run's root secret: URLs signed by one
		// run die with it, and a blob URL signature can never double as a
		// principal or a media token.
		settings.SigningSecret = BlobSigningSecret(s.secret)
	}
	return settings
}

// BlobSigningSecret is VIDHOST_BLOB_SIGNING_SECRET as the devstack derives
// it from the root secret (the cluster drill's processes use it too).
func BlobSigningSecret(rootSecret string) string {
	return hex.EncodeToString(secrets.MustRoot(rootSecret).Derive(secrets.BlobURL))
}

func (s *Stack) startUpload() (uploadAddrs, error) {
	var cfg uploadapp.Config
	if err := config.Load(&cfg); err != nil {
		return uploadAddrs{}, err
	}
	cfg.DatabaseURL, cfg.NATSURL, cfg.InternalSecret, cfg.LogLevel = s.db.forService("upload"), s.natsURL, s.secret, s.cfg.LogLevel
	cfg.PublicURL, cfg.Blob = s.URL, s.blobSettings()
	grpcLis, err := loopback()
	if err != nil {
		return uploadAddrs{}, err
	}
	httpLis, err := loopback()
	if err != nil {
		return uploadAddrs{}, err
	}
	opts := uploadapp.Options{Listener: grpcLis, HTTPListener: httpLis}
	s.run("upload", func(ctx context.Context) error {
		return uploadapp.Run(ctx, cfg, s.serviceLogger("upload"), opts)
	})
	return uploadAddrs{grpc: grpcLis.Addr().String(), tus: httpLis.Addr().String()}, nil
}

// Blob is the blob store settings the suite's services share, so tests and
// tools can look at stored objects whatever the driver.
func (s *Stack) Blob() blob.Settings { return s.blobSettings() }
