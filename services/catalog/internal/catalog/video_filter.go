package catalog

import (
	"unicode/utf8"

	"github.com/vidhost/vidhost/pkg/apirules"
	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/validate"
)

// SearchMax bounds the search text of a video list.
const SearchMax = apirules.VideoSearchMax

// IDsMax bounds the ids a video list may name: a page's worth.
const IDsMax = apirules.VideoIDsMax

// VideoFilter narrows a list of videos; empty fields do not filter. Each
// field is named after its query parameter.
type VideoFilter struct {
	Status   string
	Privacy  string
	Tag      string
	Category string
	FolderID string   // query parameter "folder"
	Search   string   // part of the name, any case
	Type     string   // TypeVOD or TypeEvent
	IDs      []string // query parameter "id": only these videos
	// Sort is the order rather than a filter: SortOldest ("" too) or
	// SortNewest.
	Sort string
}

// The orders of a video list (query parameter "sort").
const (
	SortOldest = "created_time"
	SortNewest = "-created_time"
)

// Newest reports whether the list runs newest first.
func (f VideoFilter) Newest() bool { return f.Sort == SortNewest }

// Validate refuses filter values no video can match, naming the parameter:
// a misspelt status is a mistake to report, not an empty list.
func (f VideoFilter) Validate() error {
	return validate.First(
		validate.OneOf("status", f.Status, `"preparing", "processing", "ready", "error", "live" or empty`,
			apirules.OrEmpty(apirules.VideoStatuses)...),
		validate.OneOf("privacy", f.Privacy, `"public", "private", "unlisted" or empty`,
			apirules.OrEmpty(apirules.VideoPrivacies)...),
		f.checkTag(),
		validate.MaxLength("category", f.Category, CategoryValueMax),
		f.checkFolder(),
		validate.MaxLength("search", f.Search, SearchMax),
		validate.OneOf("type", f.Type, `"vod", "event" or empty`, apirules.OrEmpty(apirules.VideoTypes)...),
		f.checkIDs(),
		validate.OneOf("sort", f.Sort, `"created_time", "-created_time" or empty`, apirules.OrEmpty(apirules.VideoSorts)...),
	)
}

func (f VideoFilter) checkTag() error {
	if f.Tag != "" && (!tagPattern.MatchString(f.Tag) || utf8.RuneCountInString(f.Tag) > TagMax) {
		return apperr.InvalidField("tag", "must be lowercase, single-word, alphanumeric and at most %d characters", TagMax)
	}
	return nil
}

func (f VideoFilter) checkFolder() error {
	if f.FolderID != "" && !ids.Valid(f.FolderID) {
		return apperr.InvalidField("folder", "must be a folder id")
	}
	return nil
}

// checkIDs refuses more ids than a page holds, or one that is no id (an
// id of no video of the account is no mistake: it is simply not listed).
func (f VideoFilter) checkIDs() error {
	if len(f.IDs) > IDsMax {
		return apperr.InvalidField("id", "must name at most %d videos", IDsMax)
	}
	for _, id := range f.IDs {
		if !ids.Valid(id) {
			return apperr.InvalidField("id", "must be video ids")
		}
	}
	return nil
}
