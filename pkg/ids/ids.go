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

// New returns a fresh random id (126 bits of entropy).
func New() string {
	buf := make([]byte, Length)
	if _, err := rand.Read(buf); err != nil {
		// crypto/rand never fails on supported platforms (Go 1.24+ guarantees it).
		panic("ids: crypto/rand failed: " + err.Error())
	}
	for i, b := range buf {
		buf[i] = alphabet[b&63]
	}
	return string(buf)
}

// Valid reports whether s has the shape of an id made by New. Handlers use it
// to answer Not found early for ids that cannot exist.
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
