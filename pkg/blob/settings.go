package blob

import "errors"

// Settings are the blob store settings every process reads from the
// environment (documented in doc.go); embed them in a service's Config.
type Settings struct {
	Driver string `env:"VIDHOST_BLOB_DRIVER" envDefault:"local"`
	// Dir is the local driver's root; the gateway serves the same one.
	Dir string `env:"VIDHOST_BLOB_DIR"`
	// PublicURL starts the local driver's presigned URLs (the gateway,
	// which mounts /blob/); callers fall back to VIDHOST_PUBLIC_URL.
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

// Config is the Config of these settings.
func (s Settings) Config() Config {
	return Config{
		Driver: s.Driver, Dir: s.Dir, PublicBaseURL: s.PublicURL, SigningSecret: s.SigningSecret,
		Endpoint: s.S3Endpoint, Region: s.S3Region, Bucket: s.S3Bucket,
		AccessKey: s.S3AccessKey, SecretKey: s.S3SecretKey, UseSSL: s.S3UseSSL, CreateBucket: s.S3CreateBucket,
	}
}

// Validate checks the settings a process needs before it opens the store.
// presigns is true for processes that hand out URLs (then the local driver
// needs a public URL — PublicURL or fallbackURL — and a signing secret).
func (s Settings) Validate(presigns bool, fallbackURL string) error {
	switch s.Driver {
	case "", "local":
		var errs []error
		if s.Dir == "" {
			errs = append(errs, errors.New("VIDHOST_BLOB_DIR must be set for the local blob driver"))
		}
		if presigns && s.PublicURL == "" && fallbackURL == "" {
			errs = append(errs, errors.New("VIDHOST_BLOB_PUBLIC_URL or VIDHOST_PUBLIC_URL must be set for the local blob driver"))
		}
		if presigns && len(s.SigningSecret) < 32 {
			errs = append(errs, errors.New("VIDHOST_BLOB_SIGNING_SECRET must be at least 32 bytes for the local blob driver"))
		}
		return errors.Join(errs...)
	case "s3":
		if s.S3Endpoint == "" || s.S3Bucket == "" {
			return errors.New("VIDHOST_S3_ENDPOINT and VIDHOST_S3_BUCKET must be set for the s3 blob driver")
		}
		return nil
	}
	return errors.New(`VIDHOST_BLOB_DRIVER must be "local" or "s3"`)
}
