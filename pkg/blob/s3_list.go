package blob

import (
	"context"
	"iter"

	"github.com/minio/minio-go/v7"
)

// Delete implements Store; S3 already treats a missing key as deleted.
func (s *S3) Delete(ctx context.Context, key string) error {
	if err := ValidateKey(key); err != nil {
		return err
	}
	return mapS3Error(s.client.RemoveObject(ctx, s.bucket, key, minio.RemoveObjectOptions{}))
}

// List implements Store, in S3's key order. Breaking out of the loop
// cancels the listing's background requests.
func (s *S3) List(ctx context.Context, prefix string) iter.Seq2[Info, error] {
	return func(yield func(Info, error) bool) {
		if err := ValidatePrefix(prefix); err != nil {
			yield(Info{}, err)
			return
		}
		ctx, cancel := context.WithCancel(ctx)
		defer cancel()
		opts := minio.ListObjectsOptions{Prefix: prefix, Recursive: true}
		for obj := range s.client.ListObjectsIter(ctx, s.bucket, opts) {
			if obj.Err != nil {
				yield(Info{}, mapS3Error(obj.Err))
				return
			}
			info := Info{Key: obj.Key, Size: obj.Size, ETag: obj.ETag, ModTime: obj.LastModified}
			if !yield(info, nil) {
				return
			}
		}
	}
}

// DeletePrefix implements Store with S3's multi-object delete, up to 1000
// keys a request, fed by the listing as it pages.
func (s *S3) DeletePrefix(ctx context.Context, prefix string) error {
	if err := validateDeletePrefix(prefix); err != nil {
		return err
	}
	var listErr error
	objects := func(yield func(minio.ObjectInfo) bool) {
		for info, err := range s.List(ctx, prefix) {
			if err != nil {
				listErr = err
				return
			}
			if !yield(minio.ObjectInfo{Key: info.Key}) {
				return
			}
		}
	}
	results, err := s.client.RemoveObjectsWithIter(ctx, s.bucket, objects, minio.RemoveObjectsOptions{})
	if err != nil {
		return mapS3Error(err)
	}
	for result := range results {
		if result.Err != nil {
			return mapS3Error(result.Err)
		}
	}
	return listErr
}
