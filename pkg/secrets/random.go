package secrets

import (
	"crypto/rand"
	"encoding/base64"
)

// Base62Alphabet keeps secrets to letters and digits, so a double-click
// selects a whole key and no shell or URL needs it quoted.
const Base62Alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

// Bytes returns n bytes from crypto/rand, which never fails (Go 1.24+: it
// crashes the program rather than return short reads), so neither does
// Bytes. Nothing random that guards anything is derived from ids, times or
// counters.
func Bytes(n int) []byte {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return b
}

// Token returns n random bytes in unpadded URL-safe base64: safe in a URL,
// a cookie and a header as it is. 32 bytes (43 characters) make a
// credential stored only as its SHA-256; 16 (22 characters) an id that only
// has to be unguessable.
func Token(n int) string {
	return base64.RawURLEncoding.EncodeToString(Bytes(n))
}

// Base62 returns n characters drawn uniformly from Base62Alphabet; each
// carries log2(62) ≈ 5.95 bits of entropy.
func Base62(n int) string { return String(Base62Alphabet, n) }

// String returns n symbols drawn uniformly from alphabet, which has 2 to
// 256 single-byte symbols. A random byte at or above the largest multiple of
// len(alphabet) that fits in a byte is dropped, so that every symbol is
// equally likely; with 64 symbols none is.
func String(alphabet string, n int) string {
	if len(alphabet) < 2 || len(alphabet) > 256 {
		panic("secrets: String needs an alphabet of 2 to 256 symbols")
	}
	rejectAbove := 256 - 256%len(alphabet)
	out := make([]byte, 0, n)
	buf := make([]byte, n+n/4+8)
	for len(out) < n {
		_, _ = rand.Read(buf) // never fails, as in Bytes
		for _, b := range buf {
			if int(b) >= rejectAbove {
				continue
			}
			out = append(out, alphabet[int(b)%len(alphabet)])
			if len(out) == n {
				break
			}
		}
	}
	return string(out)
}
