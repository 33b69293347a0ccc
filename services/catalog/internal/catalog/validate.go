package catalog

import (
	"regexp"

	"github.com/vidhost/vidhost/pkg/apirules"
	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/validate"
)

var (
	colourPattern = regexp.MustCompile(apirules.ColourPattern)
)

// checkPattern requires value to be empty or to match pattern.
func checkPattern(field, value string, pattern *regexp.Regexp, rule string) error {
	if value == "" {
		return nil
	}
	return validate.Pattern(field, value, pattern, rule)
}

// checkRange requires min <= value <= max.
func checkRange(field string, value, min, max int, unit string) error {
	if value < min || value > max {
		return apperr.InvalidField(field, "must be an integer from %d to %d%s", min, max, unit)
	}
	return nil
}
