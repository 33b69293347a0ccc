package tus

import (
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"github.com/vidhost/vidhost/pkg/blob"
)

// newS3Client builds the AWS SDK client tusd's S3 store needs from the
// same settings the blob store's minio client uses.
func newS3Client(cfg blob.Config) *s3.Client {
	host, secure := splitEndpoint(cfg.Endpoint, cfg.UseSSL)
	scheme := "http://"
	if secure {
		scheme = "https://"
	}
	region := cfg.Region
	if region == "" {
		region = "us-east-1"
	}
	return s3.New(s3.Options{
		Region:       region,
		BaseEndpoint: aws.String(scheme + host),
		Credentials:  credentials.NewStaticCredentialsProvider(cfg.AccessKey, cfg.SecretKey, ""),
		// MinIO, versitygw and most self-hosted services want path-style
		// requests; AWS itself is fine with virtual hosts.
		UsePathStyle: !strings.HasSuffix(host, "amazonaws.com"),
		// Only send and check the checksums S3 requires: many
		// S3-compatible services do not know the newer ones.
		RequestChecksumCalculation: aws.RequestChecksumCalculationWhenRequired,
		ResponseChecksumValidation: aws.ResponseChecksumValidationWhenRequired,
	})
}

// splitEndpoint reads an endpoint as pkg/blob does: "host:port", or a URL
// whose scheme decides TLS.
func splitEndpoint(endpoint string, useSSL bool) (string, bool) {
	if rest, ok := strings.CutPrefix(endpoint, "https://"); ok {
		return strings.TrimSuffix(rest, "/"), true
	}
	if rest, ok := strings.CutPrefix(endpoint, "http://"); ok {
		return strings.TrimSuffix(rest, "/"), false
	}
	return endpoint, useSSL
}
