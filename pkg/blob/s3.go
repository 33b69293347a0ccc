package blob

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

// S3 stores objects in one bucket of an S3-compatible service through
// minio-go. Presigned URLs are signed for the endpoint's host:port, so
// Endpoint must be the address clients reach (not an internal alias).
type S3 struct {
	client *minio.Client
	bucket string
}

var _ Store = (*S3)(nil)

// NewS3 connects to cfg.Endpoint and checks that cfg.Bucket exists,
// creating it when cfg.CreateBucket is set.
func NewS3(ctx context.Context, cfg Config) (*S3, error) {
	if cfg.Endpoint == "" || cfg.Bucket == "" {
		return nil, errors.New("blob: s3 driver needs Endpoint and Bucket")
	}
	endpoint, secure := splitEndpoint(cfg.Endpoint, cfg.UseSSL)
	region := cfg.Region
	if region == "" {
		region = "us-east-1"
	}
	client, err := minio.New(endpoint, &minio.Options{
		Creds:  credentials.NewStaticV4(cfg.AccessKey, cfg.SecretKey, ""),
		Secure: secure,
		// A fixed region spares a GetBucketLocation round trip, and lets
		// presigning work without the network.
		Region: region,
	})
	if err != nil {
		return nil, fmt.Errorf("blob: %w", err)
	}
	s := &S3{client: client, bucket: cfg.Bucket}
	if err := s.ensureBucket(ctx, region, cfg.CreateBucket); err != nil {
		return nil, err
	}
	return s, nil
}

// splitEndpoint accepts "host:port" as minio-go wants it, or a URL whose
// scheme decides TLS, since operators often paste one.
func splitEndpoint(endpoint string, useSSL bool) (string, bool) {
	if rest, ok := strings.CutPrefix(endpoint, "https://"); ok {
		return strings.TrimSuffix(rest, "/"), true
	}
	if rest, ok := strings.CutPrefix(endpoint, "http://"); ok {
		return strings.TrimSuffix(rest, "/"), false
	}
	return endpoint, useSSL
}

func (s *S3) ensureBucket(ctx context.Context, region string, create bool) error {
	exists, err := s.client.BucketExists(ctx, s.bucket)
	switch {
	case err != nil:
		return fmt.Errorf("blob: checking bucket %q: %w", s.bucket, err)
	case exists:
		return nil
	case !create:
		return fmt.Errorf("blob: bucket %q does not exist", s.bucket)
	}
	err = s.client.MakeBucket(ctx, s.bucket, minio.MakeBucketOptions{Region: region})
	if err != nil && !isCode(err, "BucketAlreadyOwnedByYou") {
		return fmt.Errorf("blob: creating bucket %q: %w", s.bucket, err)
	}
	return nil
}

// mapS3Error turns S3 error codes into this package's sentinels, keeping
// the original error for the log.
func mapS3Error(err error) error {
	switch {
	case err == nil:
		return nil
	case isCode(err, "NoSuchKey") || isCode(err, "NotFound"):
		return fmt.Errorf("%w: %w", ErrNotFound, err)
	case isCode(err, "InvalidRange") || minio.ToErrorResponse(err).StatusCode == http.StatusRequestedRangeNotSatisfiable:
		return fmt.Errorf("%w: %w", ErrInvalidRange, err)
	case errors.Is(err, ErrSizeMismatch):
		return err
	}
	return fmt.Errorf("blob: s3: %w", err)
}

func isCode(err error, code string) bool {
	return minio.ToErrorResponse(err).Code == code
}

func objectInfo(o minio.ObjectInfo) Info {
	contentType := o.ContentType
	if contentType == "" {
		contentType = DefaultContentType
	}
	return Info{Key: o.Key, Size: o.Size, ContentType: contentType, ETag: o.ETag, ModTime: o.LastModified}
}
