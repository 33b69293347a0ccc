package langtag

import (
	"errors"
	"regexp"

	"golang.org/x/text/language"
)

// MaxLength bounds a tag: RFC 5646 (section 4.4.1) asks implementations to
// keep at least 35 characters, enough for language-extlang-script-region-variant.
const MaxLength = 35

// ErrNotATag is a string that is not a BCP 47 tag of a known language.
var ErrNotATag = errors.New(`must be a BCP 47 language tag, such as "en", "pt-BR" or "zh-Hant"`)

// tagSyntax is the shape of a tag: subtags of letters and digits joined by
// hyphens. golang.org/x/text/language also takes "en_US", which players do not.
var tagSyntax = regexp.MustCompile(`^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$`)

// Canonical returns the canonical form of a BCP 47 tag whose language is a
// known one, region or script optional: "EN" → "en", "pt-br" → "pt-BR",
// "zh-hant-tw" → "zh-Hant-TW", and deprecated codes to their successors
// ("iw" → "he"), so players that match tracks by language see one spelling.
func Canonical(s string) (string, error) {
	if len(s) > MaxLength || !tagSyntax.MatchString(s) {
		return "", ErrNotATag
	}
	tag, err := language.Parse(s)
	if err != nil {
		return "", ErrNotATag
	}
	base, confidence := tag.Base()
	if confidence != language.Exact || base.String() == "und" {
		return "", ErrNotATag
	}
	return tag.String(), nil
}
