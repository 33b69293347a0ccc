package blob

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"time"
)

// PresignPut implements Store. Content-Length is a signed header, so the
// S3 service refuses (403) a PUT of any other size before storing a byte.
func (s *S3) PresignPut(ctx context.Context, key string, size int64, ttl time.Duration) (string, error) {
	if err := presignArgs(key, ttl); err != nil {
		return "", err
	}
	if size < 0 {
		return "", errors.New("blob: size must not be negative")
	}
	signed := http.Header{"Content-Length": {strconv.FormatInt(size, 10)}}
	u, err := s.client.PresignHeader(ctx, http.MethodPut, s.bucket, key, ttl, nil, signed)
	if err != nil {
		return "", mapS3Error(err)
	}
	return u.String(), nil
}

// PresignGet implements Store.
func (s *S3) PresignGet(ctx context.Context, key string, ttl time.Duration) (string, error) {
	if err := presignArgs(key, ttl); err != nil {
		return "", err
	}
	u, err := s.client.PresignedGetObject(ctx, s.bucket, key, ttl, nil)
	if err != nil {
		return "", mapS3Error(err)
	}
	return u.String(), nil
}

func presignArgs(key string, ttl time.Duration) error {
	if err := ValidateKey(key); err != nil {
		return err
	}
	return checkTTL(ttl)
}
