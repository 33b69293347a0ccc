package app

import (
	"errors"
	"path/filepath"

	"github.com/vidhost/vidhost/pkg/blob"
)

// BlobConfig holds the blob store settings of pkg/blob's doc.go.
type BlobConfig struct {
	Driver string `env:"VIDHOST_BLOB_DRIVER" envDefault:"local"`
	// Dir is the local driver's root; the gateway serves the same one.
	Dir string `env:"VIDHOST_BLOB_DIR"`
	// PublicURL starts the local driver's presigned URLs (the gateway,
	// which mounts /blob/); VIDHOST_PUBLIC_URL when empty.
	PublicURL      string `env:"VIDHOST_BLOB_PUBLIC_URL"`
	SigningSecret  string `env:"VIDHOST_BLOB_SIGNING_SECRET" secret:"true"`
	S3Endpoint     string `env:"VIDHOST_S3_ENDPOINT"`
	S3Region       string `env:"VIDHOST_S3_REGION" envDefault:"us-east-1"`
	S3Bucket       string `env:"VIDHOST_S3_BUCKET"`
	S3AccessKey    string `env:"VIDHOST_S3_ACCESS_KEY"`
	S3SecretKey    string `env:"VIDHOST_S3_SECRET_KEY" secret:"true"`
	S3UseSSL       bool   `env:"VIDHOST_S3_USE_SSL"`
	S3CreateBucket bool   `env:"VIDHOST_S3_CREATE_BUCKET"`
}

// Config is the blob.Config of these settings.
func (b BlobConfig) Config() blob.Config {
	return blob.Config{
		Driver: b.Driver, Dir: b.Dir, PublicBaseURL: b.PublicURL, SigningSecret: b.SigningSecret,
		Endpoint: b.S3Endpoint, Region: b.S3Region, Bucket: b.S3Bucket,
		AccessKey: b.S3AccessKey, SecretKey: b.S3SecretKey, UseSSL: b.S3UseSSL, CreateBucket: b.S3CreateBucket,
	}
}

// validate checks what the upload service needs beyond what blob.Open
// checks: the local driver must be able to presign.
func (b BlobConfig) validate(publicURL string) error {
	switch b.Driver {
	case "", "local":
		var errs []error
		if b.Dir == "" {
			errs = append(errs, errors.New("VIDHOST_BLOB_DIR must be set for the local blob driver"))
		}
		if b.PublicURL == "" && publicURL == "" {
			errs = append(errs, errors.New("VIDHOST_BLOB_PUBLIC_URL or VIDHOST_PUBLIC_URL must be set for the local blob driver"))
		}
		if len(b.SigningSecret) < 32 {
			errs = append(errs, errors.New("VIDHOST_BLOB_SIGNING_SECRET must be at least 32 bytes for the local blob driver"))
		}
		return errors.Join(errs...)
	case "s3":
		if b.S3Endpoint == "" || b.S3Bucket == "" {
			return errors.New("VIDHOST_S3_ENDPOINT and VIDHOST_S3_BUCKET must be set for the s3 blob driver")
		}
		return nil
	}
	return errors.New(`VIDHOST_BLOB_DRIVER must be "local" or "s3"`)
}

// StagingDir is where the local driver stages tus uploads.
func (c Config) StagingDir() string {
	if c.TusDir != "" {
		return c.TusDir
	}
	return filepath.Join(c.Blob.Dir, ".tus")
}
