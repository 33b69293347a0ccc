package catalog

import (
	"regexp"
	"slices"
	"unicode/utf8"

	"github.com/vidhost/vidhost/pkg/apperr"
)

var (
	colourPattern = regexp.MustCompile(`^#[0-9a-fA-F]{6}$`)
	// trackPattern checks only the shape of an ISO 639-1 code: the list of
	// languages changes, and a wrong code merely shows no track.
	trackPattern = regexp.MustCompile(`^[a-z]{2}$`)
)

// checkLength requires value to hold 1 to max characters (not bytes: a
// name in Japanese has the same limit as one in English).
func checkLength(field, value string, max int) error {
	if n := utf8.RuneCountInString(value); n < 1 || n > max {
		return apperr.InvalidField(field, "must be 1-%d characters", max)
	}
	return nil
}

// checkOneOf requires value to be one of allowed; rule is the message's
// wording of the allowed values.
func checkOneOf(field, value, rule string, allowed ...string) error {
	if !slices.Contains(allowed, value) {
		return apperr.InvalidField(field, "must be %s", rule)
	}
	return nil
}

// checkPattern requires value to be empty or to match pattern.
func checkPattern(field, value string, pattern *regexp.Regexp, rule string) error {
	if value != "" && !pattern.MatchString(value) {
		return apperr.InvalidField(field, "must be %s", rule)
	}
	return nil
}

// firstError returns the first non-nil error, so a request with several
// bad fields is told about them in the order of the interface's tables.
func firstError(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// checkMaxLength requires value to hold at most max characters; empty is
// allowed.
func checkMaxLength(field, value string, max int) error {
	if utf8.RuneCountInString(value) > max {
		return apperr.InvalidField(field, "must be at most %d characters", max)
	}
	return nil
}

// checkRange requires min <= value <= max.
func checkRange(field string, value, min, max int, unit string) error {
	if value < min || value > max {
		return apperr.InvalidField(field, "must be an integer from %d to %d%s", min, max, unit)
	}
	return nil
}
