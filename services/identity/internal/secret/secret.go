package secret

import (
	"crypto/rand"
)

// base62 keeps secrets to letters and digits, so a double-click selects a
// whole key and no shell or URL needs it quoted.
const base62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

// rejectAbove is the largest multiple of 62 that fits in a byte (248): bytes
// at or above it are dropped so that every symbol is equally likely.
const rejectAbove = 256 - 256%len(base62)

// Base62 returns n characters drawn uniformly from [0-9A-Za-z]; each carries
// log2(62) ≈ 5.95 bits of entropy.
func Base62(n int) string {
	out := make([]byte, 0, n)
	buf := make([]byte, n+n/4+8)
	for len(out) < n {
		// crypto/rand.Read never fails (Go 1.24+: it crashes the program
		// rather than return short reads).
		_, _ = rand.Read(buf)
		for _, b := range buf {
			if int(b) >= rejectAbove {
				continue
			}
			out = append(out, base62[int(b)%len(base62)])
			if len(out) == n {
				break
			}
		}
	}
	return string(out)
}
