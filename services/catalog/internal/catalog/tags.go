package catalog

import (
	"regexp"
	"slices"
	"unicode/utf8"

	"github.com/vidhost/vidhost/pkg/apirules"
	"github.com/vidhost/vidhost/pkg/apperr"
)

// tagPattern: lowercase, one word, letters and digits only.
var tagPattern = regexp.MustCompile(apirules.TagPattern)

// checkTags requires up to TagsMax tags, each lowercase single-word
// alphanumeric and at most TagMax characters, none twice.
func checkTags(tags []string) error {
	if len(tags) > TagsMax {
		return apperr.InvalidField("tags", "must hold at most %d tags", TagsMax)
	}
	for i, tag := range tags {
		if !tagPattern.MatchString(tag) || len(tag) > TagMax {
			return apperr.InvalidField("tags", "contains %q: each tag must be lowercase, single-word, alphanumeric and at most %d characters", Truncate(tag, TagMax), TagMax)
		}
		if slices.Contains(tags[:i], tag) {
			return apperr.InvalidField("tags", "contains %q more than once", tag)
		}
	}
	return nil
}

// checkCategoryValues checks the shape of a video's categories; whether
// each is one of the account's categories is checked in the transaction
// that stores the video.
func checkCategoryValues(values []string) error {
	if len(values) > VideoCategoriesMax {
		return apperr.InvalidField("categories", "must hold at most %d categories", VideoCategoriesMax)
	}
	for i, value := range values {
		if n := utf8.RuneCountInString(value); n < 1 || n > CategoryValueMax {
			return apperr.InvalidField("categories", "contains %q, which is not a category value (1-%d characters)", Truncate(value, CategoryValueMax), CategoryValueMax)
		}
		if slices.Contains(values[:i], value) {
			return apperr.InvalidField("categories", "contains %q more than once", value)
		}
	}
	return nil
}

// Truncate shortens a bad value quoted in a message, so a megabyte sent
// back does not become a megabyte of error.
func Truncate(s string, n int) string {
	count := 0
	for i := range s {
		if count == n {
			return s[:i] + "…"
		}
		count++
	}
	return s
}
