package catalog

import (
	"crypto/sha256"
	"encoding/base64"
	"strings"

	"github.com/vidhost/vidhost/pkg/secrets"
)

// A stream key is "vhlive_" followed by 43 URL-safe base64 characters (256
// bits from crypto/rand): safe in an RTMP path and an SRT streamid, and
// recognisable to secret scanners and people.
const (
	streamKeyPrefix    = "vhlive_"
	streamKeyRandomLen = 32 // bytes
	streamKeyLen       = len(streamKeyPrefix) + 43
	// RedactedKey stands for the secret wherever it must not appear: for
	// read-only credentials, in audit data and in logs.
	RedactedKey = "[redacted]"
)

// StreamKey is a live event's key as the interface shows it. Key is the
// secret in full, or RedactedKey.
type StreamKey struct {
	VideoID string
	Key     string
	RTMPURL string
	SRTURL  string
	Revoked bool
	Audit
}

// StoredStreamKey is a stream key as it is kept: its SHA-256 (the lookup
// of a publisher's key) and the key sealed with the catalog's Box (so it can
// be shown again). The plain key is never stored. As an Event's resource
// (rotated: Updated, revoked: Deleted) it is recorded in the audit log
// only, without hash or seal.
type StoredStreamKey struct {
	VideoID   string
	AccountID string
	Hash      []byte
	Sealed    []byte
	Revoked   bool
	// Plan is the account's plan as of the user call that issued the key
	// (migration 00013 says why); AuthorizePublish reads its live limits.
	Plan string
	Audit
}

// NewStreamKey returns a fresh secret.
func NewStreamKey() string {
	return streamKeyPrefix + secrets.Token(streamKeyRandomLen)
}

// HashStreamKey is what is stored and looked up instead of the secret. A
// single unsalted SHA-256 suffices for 256 random bits (as for API keys):
// nothing can invert it, and it can be the unique index a publisher's key
// is found by in one query.
func HashStreamKey(key string) []byte {
	sum := sha256.Sum256([]byte(key))
	return sum[:]
}

// WellFormedStreamKey reports whether key could be one this service made;
// other strings are refused without a query.
func WellFormedStreamKey(key string) bool {
	if len(key) != streamKeyLen || !strings.HasPrefix(key, streamKeyPrefix) {
		return false
	}
	_, err := base64.RawURLEncoding.DecodeString(key[len(streamKeyPrefix):])
	return err == nil
}
