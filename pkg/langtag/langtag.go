package langtag

import (
	"errors"
	"strings"

	"golang.org/x/text/language"
)

// ErrUnsupported is a well-formed tag that no installed engine serves; the
// error's message lists the supported ones.
var ErrUnsupported = errors.New("language not supported")

// ErrMalformed is not a BCP 47 tag with a language and a region.
var ErrMalformed = errors.New("language must be a BCP 47 tag with a region, like en-US")

// Parse returns the canonical form of s ("en-us" → "en-US") when it is a
// tag with an explicit region that supported (canonical tags) lists.
func Parse(s string, supported []string) (string, error) {
	tag, err := language.Parse(s)
	if err != nil || !hasRegion(tag) {
		return "", ErrMalformed
	}
	base, _ := tag.Base()
	region, _ := tag.Region()
	canonical := base.String() + "-" + region.String()
	for _, ok := range supported {
		if ok == canonical {
			return canonical, nil
		}
	}
	return "", &unsupportedError{supported: supported}
}

// unsupportedError is ErrUnsupported with the rule the client can act on.
type unsupportedError struct{ supported []string }

func (e *unsupportedError) Error() string {
	return "language must be one of: " + strings.Join(e.supported, ", ")
}

func (e *unsupportedError) Is(target error) bool { return target == ErrUnsupported }

// hasRegion is true for a tag whose region was written, not inferred
// ("en" infers US with less than Exact confidence), and whose language is
// a known one ("xx-YY" parses, but its base is unknown).
func hasRegion(tag language.Tag) bool {
	base, baseConf := tag.Base()
	region, regionConf := tag.Region()
	return baseConf == language.Exact && regionConf == language.Exact && base.String() != "und" && region.IsCountry()
}
