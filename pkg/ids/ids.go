package ids

import (
	"strings"

	"github.com/vidhost/vidhost/pkg/secrets"
)

// Length is the number of characters of every resource id (the interface
// requires exactly 21 for API keys; all resources share it).
const Length = 21

// alphabet has 64 symbols, URL-safe; as 64 divides 256, every random byte
// picks a symbol without bias.
const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_-"

// alphanumeric is how many leading symbols of alphabet are letters or
// digits: an id starts with one of them, so no id ever starts with '-' and
// reads as a flag on a command line (`vidhost videos rm <id>`), nor with '_'.
const alphanumeric = 62

// New returns a fresh random id (about 126 bits of entropy): its first
// symbol is one of the 62 alphanumerics, the other 20 any of the 64, each
// drawn uniformly through pkg/secrets.
func New() string {
	return secrets.String(alphabet[:alphanumeric], 1) + secrets.String(alphabet, Length-1)
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
