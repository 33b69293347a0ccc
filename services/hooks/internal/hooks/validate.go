package hooks

import (
	"regexp"
	"unicode/utf8"

	"github.com/vidhost/vidhost/pkg/apperr"
)

// checkLength requires value to hold 1 to max characters (not bytes).
func checkLength(field, value string, max int) error {
	if n := utf8.RuneCountInString(value); n < 1 || n > max {
		return apperr.InvalidField(field, "must be 1-%d characters", max)
	}
	return nil
}

// checkPattern requires value to match pattern; rule says what it must be.
func checkPattern(field, value string, pattern *regexp.Regexp, rule string) error {
	if !pattern.MatchString(value) {
		return apperr.InvalidField(field, "must be %s", rule)
	}
	return nil
}

// firstError returns the first non-nil error, so a request with several
// bad fields hears about them in the order of the resource's fields.
func firstError(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
