package blob

import (
	"context"
	"errors"
	"io"
	"strconv"
	"strings"

	"github.com/minio/minio-go/v7"
)

// Put implements Store. minio-go streams the body: one PUT for small
// objects, else 16 MiB parts through a single reused buffer. exactReader
// fails the upload (minio-go then aborts the multipart upload) unless the
// body is exactly size bytes, so S3 never completes a wrong-sized object.
func (s *S3) Put(ctx context.Context, key string, r io.Reader, size int64, contentType string) error {
	if err := validatePut(key, size, contentType); err != nil {
		return err
	}
	if contentType == "" {
		contentType = DefaultContentType
	}
	body := &exactReader{r: r, remaining: size, declared: size}
	if size == 0 {
		// minio-go never reads an empty body, so look for a stray byte here.
		if err := body.checkEnd(); !errors.Is(err, io.EOF) {
			return err
		}
	}
	_, err := s.client.PutObject(ctx, s.bucket, key, body, size, minio.PutObjectOptions{ContentType: contentType})
	if body.err != nil {
		return body.err
	}
	return mapS3Error(err)
}

// Open implements Store.
func (s *S3) Open(ctx context.Context, key string) (io.ReadCloser, Info, error) {
	return s.OpenRange(ctx, key, 0, -1)
}

// OpenRange implements Store. It uses minio's Core API, which returns the
// response body as is (no lazy re-fetching) and the headers, whose
// Content-Range carries the whole object's size.
func (s *S3) OpenRange(ctx context.Context, key string, offset, length int64) (io.ReadCloser, Info, error) {
	if err := ValidateKey(key); err != nil {
		return nil, Info{}, err
	}
	opts := minio.GetObjectOptions{}
	if offset < 0 || length == 0 {
		return nil, Info{}, ErrInvalidRange
	}
	ranged := offset != 0 || length > 0
	if ranged {
		end := int64(0) // "bytes=offset-"
		if length > 0 {
			end = offset + length - 1
		}
		if err := opts.SetRange(offset, end); err != nil {
			return nil, Info{}, ErrInvalidRange
		}
	}
	body, obj, header, err := minio.Core{Client: s.client}.GetObject(ctx, s.bucket, key, opts)
	if err != nil {
		return nil, Info{}, mapS3Error(err)
	}
	info := objectInfo(obj)
	info.Key = key
	if total, ok := totalFromContentRange(header.Get("Content-Range")); ranged && ok {
		info.Size = total
	}
	return body, info, nil
}

// totalFromContentRange reads N from "bytes a-b/N".
func totalFromContentRange(value string) (int64, bool) {
	_, total, ok := strings.Cut(value, "/")
	if !ok {
		return 0, false
	}
	n, err := strconv.ParseInt(total, 10, 64)
	return n, err == nil
}

// Stat implements Store.
func (s *S3) Stat(ctx context.Context, key string) (Info, error) {
	if err := ValidateKey(key); err != nil {
		return Info{}, err
	}
	obj, err := s.client.StatObject(ctx, s.bucket, key, minio.StatObjectOptions{})
	if err != nil {
		return Info{}, mapS3Error(err)
	}
	info := objectInfo(obj)
	info.Key = key
	return info, nil
}

// Copy implements Store server-side. ComposeObject copies objects over
// 5 GiB part by part, where a plain CopyObject would fail; the content type
// is restated because a multipart copy would not carry it over.
func (s *S3) Copy(ctx context.Context, srcKey, dstKey string) error {
	if err := ValidateKey(dstKey); err != nil {
		return err
	}
	src, err := s.Stat(ctx, srcKey)
	if err != nil {
		return err
	}
	dst := minio.CopyDestOptions{
		Bucket: s.bucket, Object: dstKey,
		ReplaceMetadata: true,
		UserMetadata:    map[string]string{"Content-Type": src.ContentType},
	}
	_, err = s.client.ComposeObject(ctx, dst, minio.CopySrcOptions{Bucket: s.bucket, Object: srcKey, MatchETag: src.ETag})
	return mapS3Error(err)
}
