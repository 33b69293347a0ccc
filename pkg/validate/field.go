package validate

import (
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/vidhost/vidhost/pkg/apperr"
)

// Length requires value to hold 1 to max characters (not bytes: a name in
// Japanese has the same limit as one in English).
func Length(field, value string, max int) error {
	if n := utf8.RuneCountInString(value); n < 1 || n > max {
		return apperr.InvalidField(field, "must be 1-%d characters", max)
	}
	return nil
}

// TrimmedLength requires value to hold at most max characters as sent and
// at least one once trimmed of spaces, and returns it trimmed: the limit
// is the one the interface states, so a padded value cannot pass it.
func TrimmedLength(field, value string, max int) (string, error) {
	trimmed := strings.TrimSpace(value)
	if trimmed == "" || utf8.RuneCountInString(value) > max {
		return "", apperr.InvalidField(field, "must be 1-%d characters", max)
	}
	return trimmed, nil
}

// MaxLength requires value to hold at most max characters; empty is fine.
func MaxLength(field, value string, max int) error {
	if utf8.RuneCountInString(value) > max {
		return apperr.InvalidField(field, "must be at most %d characters", max)
	}
	return nil
}

// MaxBytes requires value to hold at most max bytes of valid UTF-8; empty
// is fine. For opaque client data, whose limit is a storage size.
func MaxBytes(field, value string, max int) error {
	if len(value) > max {
		return apperr.InvalidField(field, "must be at most %d bytes", max)
	}
	if !utf8.ValidString(value) {
		return apperr.InvalidField(field, "must be valid UTF-8")
	}
	return nil
}

// OneOf requires value to be one of allowed; rule words the allowed values
// ("public, private or unlisted").
func OneOf(field, value, rule string, allowed ...string) error {
	if !slices.Contains(allowed, value) {
		return apperr.InvalidField(field, "must be %s", rule)
	}
	return nil
}

// Pattern requires value to match pattern; rule says what it must be.
func Pattern(field, value string, pattern *regexp.Regexp, rule string) error {
	if !pattern.MatchString(value) {
		return apperr.InvalidField(field, "must be %s", rule)
	}
	return nil
}

// First returns the first non-nil error, so a request with several bad
// fields hears about them in the order of the resource's fields.
func First(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
