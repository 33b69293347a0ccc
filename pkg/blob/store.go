package blob

import (
	"context"
	"errors"
	"io"
	"iter"
	"time"
)

// Store is the object storage every Vidhost service uses. Keys are validated
// by ValidateKey; methods given an invalid key return ErrInvalidKey.
type Store interface {
	// Put stores exactly size bytes read from r under key, replacing any
	// object there. When r yields more or fewer bytes it returns an error
	// matching ErrSizeMismatch and leaves no object behind. An empty
	// contentType is stored as DefaultContentType.
	Put(ctx context.Context, key string, r io.Reader, size int64, contentType string) error
	// Open streams a whole object; the caller closes the reader.
	Open(ctx context.Context, key string) (io.ReadCloser, Info, error)
	// OpenRange streams length bytes starting at offset (length < 0: to the
	// end; a range past the end is cut at the end), for HTTP Range requests.
	// Info describes the whole object. Like S3, a range must start inside
	// the object, else ErrInvalidRange; (0, -1) is always valid.
	OpenRange(ctx context.Context, key string, offset, length int64) (io.ReadCloser, Info, error)
	// Stat describes an object without reading it.
	Stat(ctx context.Context, key string) (Info, error)
	// Delete removes an object; deleting a missing object is not an error.
	Delete(ctx context.Context, key string) error
	// DeletePrefix removes every object whose key starts with prefix
	// (a non-empty string; "videos/a/v1/" removes one video's files).
	DeletePrefix(ctx context.Context, prefix string) error
	// List yields every object whose key starts with prefix ("" for all), in
	// no promised order, for sweepers. Stop early by breaking out of the loop.
	// As in S3 listings, Info.ContentType is left empty.
	List(ctx context.Context, prefix string) iter.Seq2[Info, error]
	// Copy copies srcKey to dstKey inside the store, without the bytes
	// passing through the caller when the backend can copy server-side.
	Copy(ctx context.Context, srcKey, dstKey string) error
	// PresignPut returns a URL that accepts one HTTP PUT of exactly size
	// bytes to key until ttl has passed, with no other credential.
	PresignPut(ctx context.Context, key string, size int64, ttl time.Duration) (string, error)
	// PresignGet returns a URL that serves key (GET, HEAD and Range
	// requests) until ttl has passed.
	PresignGet(ctx context.Context, key string, ttl time.Duration) (string, error)
}

// Info describes a stored object.
type Info struct {
	Key         string
	Size        int64
	ContentType string
	// ETag is opaque: an MD5 on most S3 services, size and time on Local.
	ETag    string
	ModTime time.Time
}

// DefaultContentType is the content type of objects stored without one.
const DefaultContentType = "application/octet-stream"

// MaxPresignTTL is the longest lifetime of a presigned URL (the S3 limit,
// applied to both drivers so they behave the same).
const MaxPresignTTL = 7 * 24 * time.Hour

var (
	// ErrNotFound is returned for a key that holds no object.
	ErrNotFound = errors.New("blob: not found")
	// ErrInvalidKey is returned for a key or prefix ValidateKey refuses.
	ErrInvalidKey = errors.New("blob: invalid key")
	// ErrSizeMismatch is returned when a body is longer or shorter than
	// declared; see SizeMismatchError.
	ErrSizeMismatch = errors.New("blob: size mismatch")
	// ErrInvalidContentType is returned by Put for a content type that is
	// not a media type ("text/plain; charset=utf-8" is fine).
	ErrInvalidContentType = errors.New("blob: invalid content type")
	// ErrObjectExists is returned by the local driver's write-once PUT URLs
	// when the key already holds an object.
	ErrObjectExists = errors.New("blob: object exists")
	// ErrInvalidRange is returned by OpenRange for an unsatisfiable range.
	ErrInvalidRange = errors.New("blob: invalid range")
	// ErrInvalidTTL is returned for a presign lifetime outside (0, MaxPresignTTL].
	ErrInvalidTTL = errors.New("blob: presign ttl must be between 1s and 7 days")
	// ErrPresignDisabled is returned by Local's presign methods when Config
	// has no PublicBaseURL or SigningSecret.
	ErrPresignDisabled = errors.New("blob: presigning needs PublicBaseURL and SigningSecret")
)
