package ids

import (
	"crypto/rand"
	"strings"
)

// Length is the number of characters of every resource id (the interface
// requires exactly 21 for API keys; all resources share it).
const Length = 21

// alphabet has 64 symbols, so one random byte masked to 6 bits picks a symbol
// without bias.
const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_-"

// alphanumeric is how many leading symbols of alphabet are letters or
// digits: an id starts with one of them, so no id ever starts with '-' and
// reads as a flag on a command line (`vidhost videos rm <id>`), nor with '_'.
const alphanumeric = 62

// New returns a fresh random id (about 126 bits of entropy). The first
// symbol is drawn by rejection from the 62 alphanumerics, so it stays
// unbiased; the other 20 take six bits of one byte each.
func New() string {
	buf := make([]byte, Length)
	for {
		if _, err := rand.Read(buf); err != nil {
			// crypto/rand never fails on supported platforms (Go 1.24+ guarantees it).
			panic("ids: crypto/rand failed: " + err.Error())
		}
		if buf[0]&63 < alphanumeric {
			break
		}
	}
	for i, b := range buf {
		buf[i] = alphabet[b&63]
	}
	return string(buf)
}

// Valid reports whether s could have come from New: exactly Length symbols
// of the alphabet. It checks the shape only, so callers can refuse a
// malformed id before a lookup.
func Valid(s string) bool {
	if len(s) != Length {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !strings.ContainsRune(alphabet, rune(s[i])) {
			return false
		}
	}
	return true
}
