package upload

import (
	"math"
	"path"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/vidhost/vidhost/pkg/apirules"
	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/blob"
)

// maxNameLength is the longest file name, in characters (most file systems
// stop at 255 bytes; characters are kinder to non-Latin names).
const maxNameLength = apirules.UploadNameMax

// maxKeyNameLength bounds the name's part of the object key, in bytes,
// keeping keys far below S3's 1024-byte limit.
const maxKeyNameLength = 120

// maxExactSize is the largest size a JSON number (a double) holds exactly.
const maxExactSize = apirules.UploadSizeMax

func validateName(name string) error {
	if n := utf8.RuneCountInString(name); n < 1 || n > maxNameLength {
		return apperr.InvalidField("name", "must be 1-%d characters", maxNameLength)
	}
	if strings.IndexFunc(name, unicode.IsControl) >= 0 || !utf8.ValidString(name) {
		return apperr.InvalidField("name", "must not contain control characters")
	}
	return nil
}

// validateSize accepts whole, positive sizes a double holds exactly. The
// size arrives as a JSON number, so 1.5, -1, 1e300 and NaN are all possible.
// An empty file gets its own words: a person who drops one needs to hear
// that the file is empty, not the range of sizes.
func validateSize(size float64) (int64, error) {
	if size == 0 {
		return 0, apperr.InvalidField("size", "must be at least 1 byte: the file is empty")
	}
	if !(size >= 1 && size <= maxExactSize) || size != math.Trunc(size) {
		return 0, apperr.InvalidField("size", "must be a whole number of bytes from 1 to %d", int64(maxExactSize))
	}
	return int64(size), nil
}

// objectKey is where an upload's bytes live (blob.UploadKey). The name is
// rewritten to the blob key charset so that any name gives a valid key that
// needs no escaping in URLs or S3 signatures.
func objectKey(accountID, uploadID, name string) (string, error) {
	return blob.UploadKey(accountID, uploadID, keyName(name))
}

// keyName keeps letters, digits and "._-~" of name, replaces everything
// else with "_", never starts with a dot, and keeps the (lowercased)
// extension when it has to shorten the name.
func keyName(name string) string {
	rawExt := path.Ext(name)
	ext := strings.Map(keyRune, strings.ToLower(rawExt))
	base := strings.Map(keyRune, name[:len(name)-len(rawExt)])
	if len(base) > maxKeyNameLength-len(ext) {
		base = base[:maxKeyNameLength-len(ext)]
	}
	if base == "" || base[0] == '.' {
		base = "_" + base
	}
	return base + ext
}

func keyRune(r rune) rune {
	switch {
	case r < utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsDigit(r)):
		return r
	case r == '.' || r == '_' || r == '-' || r == '~':
		return r
	}
	return '_'
}
