package blob

import (
	"context"
	"fmt"
	"log/slog"
)

// Config selects and configures a driver. doc.go lists the environment
// variables services map onto it.
type Config struct {
	// Driver is "local" (the default when empty) or "s3".
	Driver string

	// Dir is the local driver's root directory, created if missing.
	Dir string
	// PublicBaseURL is the URL the local driver's presigned URLs start with,
	// normally the gateway's public URL ("http://localhost:8080"); HandlerPath
	// and the key are appended.
	PublicBaseURL string
	// SigningSecret is the HMAC key of the local driver's presigned URLs.
	// Every process that presigns or serves them must share it.
	SigningSecret string
	// OnPut, when set, is called by Local.Handler after a presigned PUT
	// stored an object, with the request's context.
	OnPut func(ctx context.Context, key string, size int64)

	// Endpoint is the S3 service's host:port; an "http://" or "https://"
	// prefix sets UseSSL.
	Endpoint  string
	Region    string
	Bucket    string
	AccessKey string
	SecretKey string
	UseSSL    bool
	// CreateBucket makes Open create Bucket when it does not exist.
	CreateBucket bool
}

// Open returns the Store that cfg.Driver names.
func Open(ctx context.Context, cfg Config) (Store, error) {
	switch cfg.Driver {
	case "", "local":
		return NewLocal(cfg)
	case "s3":
		return NewS3(ctx, cfg)
	default:
		return nil, fmt.Errorf("blob: unknown driver %q (want local or s3)", cfg.Driver)
	}
}

// LogValue prints the configuration with its secrets redacted, for the
// start-up log line.
func (c Config) LogValue() slog.Value {
	return slog.GroupValue(
		slog.String("driver", c.Driver),
		slog.String("dir", c.Dir),
		slog.String("public_base_url", c.PublicBaseURL),
		slog.String("signing_secret", redact(c.SigningSecret)),
		slog.String("endpoint", c.Endpoint),
		slog.String("region", c.Region),
		slog.String("bucket", c.Bucket),
		slog.String("access_key", c.AccessKey),
		slog.String("secret_key", redact(c.SecretKey)),
		slog.Bool("use_ssl", c.UseSSL),
		slog.Bool("create_bucket", c.CreateBucket),
	)
}

func redact(secret string) string {
	if secret == "" {
		return ""
	}
	return "[redacted]"
}
