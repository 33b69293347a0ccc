package ids

import (
	"crypto/sha256"
	"strings"
)

// Derive returns the id that parts name: the same parts give the same id on
// every process and at every time, so a fact that several replicas may
// notice (one video's bad hour, docs/analytics.md) is announced under one
// id, and a republish is dropped as a duplicate. It has New's shape (Valid
// holds) but is not secret: anyone knowing the parts can compute it, so it
// never names something a caller could use to reach another's resource.
// Parts are joined with a zero byte, which no id or name holds, so
// ("ab", "c") and ("a", "bc") differ.
func Derive(parts ...string) string {
	sum := sha256.Sum256([]byte(strings.Join(parts, "\x00")))
	out := make([]byte, Length)
	// The first symbol is a letter or digit, as New's: 62 symbols, so a
	// byte picks one with a slight bias, harmless in a name that is not
	// a secret. The others take six bits of a byte each, without bias.
	out[0] = alphabet[int(sum[0])%alphanumeric]
	for i := 1; i < Length; i++ {
		out[i] = alphabet[sum[i]&63]
	}
	return string(out)
}
