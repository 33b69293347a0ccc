package action

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"

	"github.com/vidhost/vidhost/pkg/blob"
)

// S3 copies the video's files (HLS and DASH playlists and segments, MP4,
// thumbnail, sprite, tracks: its whole media folder) to the service's
// bucket under <prefix>/<video_id>/, the hook's prefix param replacing the
// service's. A retry copies everything again over what is there, so a
// delivery that ends succeeded has every file.
type S3 struct {
	// Transport is SSRF-guarded.
	Transport http.RoundTripper
	// Objects is this instance's blob store; nil when not configured.
	Objects blob.Store
	// Timeout bounds one attempt, the whole copy.
	Timeout time.Duration
}

// Run makes one attempt.
func (s S3) Run(ctx context.Context, j Job) Result {
	if s.Objects == nil {
		return Result{Err: ErrNoBlobStore}
	}
	vid, err := videoOf(j.Delivery)
	if err != nil {
		return Result{Err: err}
	}
	ctx, cancel := context.WithTimeout(ctx, s.Timeout)
	defer cancel()
	start := time.Now()
	objects, err := videoObjects(ctx, s.Objects, j.Delivery.AccountID, vid.ID)
	if err != nil {
		return Result{Err: err}
	}
	if len(objects) == 0 {
		return Result{Err: errors.New("the video has no files to copy")}
	}
	client, err := s.client(j)
	if err != nil {
		return Result{Err: err}
	}
	prefix := j.Service.Prefix
	if p, ok := j.Params["prefix"]; ok {
		prefix = p
	}
	target := TargetPrefix(prefix, vid.ID)
	for _, o := range objects {
		if err := s.copy(ctx, client, j.Service.Bucket, target+o.Path, o); err != nil {
			return Result{Latency: time.Since(start), Err: err}
		}
	}
	return Result{Status: http.StatusOK, Latency: time.Since(start)}
}

// TargetPrefix is where a video's files go in the bucket: <prefix>/<video_id>/.
func TargetPrefix(prefix, videoID string) string {
	if prefix = strings.Trim(prefix, "/"); prefix != "" {
		prefix += "/"
	}
	return prefix + videoID + "/"
}

func (s S3) client(j Job) (*minio.Client, error) {
	endpoint, secure := splitEndpoint(j.Service.Endpoint)
	client, err := minio.New(endpoint, &minio.Options{
		Creds:     credentials.NewStaticV4(j.Service.Credentials.AccessKeyID, j.Service.Credentials.SecretAccessKey, ""),
		Secure:    secure,
		Region:    j.Service.Region,
		Transport: s.Transport,
	})
	if err != nil {
		return nil, fmt.Errorf("action: s3 endpoint: %w", err)
	}
	return client, nil
}

func (s S3) copy(ctx context.Context, client *minio.Client, bucket, key string, o object) error {
	r, info, err := s.Objects.Open(ctx, o.Key)
	if err != nil {
		return fmt.Errorf("action: read %s: %w", o.Path, err)
	}
	defer r.Close()
	_, err = client.PutObject(ctx, bucket, key, r, info.Size, minio.PutObjectOptions{ContentType: info.ContentType})
	if err != nil {
		return fmt.Errorf("copy %s to s3://%s/%s: %w", o.Path, bucket, key, explain(err))
	}
	return nil
}

// splitEndpoint takes the service's endpoint URL apart as minio-go wants
// it: host[:port] and whether to use TLS.
func splitEndpoint(endpoint string) (string, bool) {
	if rest, ok := strings.CutPrefix(endpoint, "http://"); ok {
		return strings.TrimRight(rest, "/"), false
	}
	return strings.TrimRight(strings.TrimPrefix(endpoint, "https://"), "/"), true
}
