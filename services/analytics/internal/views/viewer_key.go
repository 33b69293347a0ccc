package views

import (
	"crypto/sha256"
	"encoding/binary"
)

// Hash is the key of k's replay window in storage: the first 8 bytes of
// SHA-256 of the three ids joined by zero bytes, big-endian (the SQL
// function viewer_key of migration 00005 computes the same). Two keys
// hashing alike would share a window, one chance in 2^64 a pair: a view
// lost, never one counted twice.
func (k ViewerKey) Hash() int64 {
	buf := make([]byte, 0, len(k.AccountID)+len(k.VideoID)+len(k.ViewerID)+2)
	buf = append(append(append(buf, k.AccountID...), 0), k.VideoID...)
	buf = append(append(buf, 0), k.ViewerID...)
	sum := sha256.Sum256(buf)
	return int64(binary.BigEndian.Uint64(sum[:8])) //nolint:gosec // G115: a bit pattern, any int64 will do
}
