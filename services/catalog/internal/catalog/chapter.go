package catalog

import (
	"cmp"
	"slices"

	"github.com/vidhost/vidhost/pkg/apirules"
	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/validate"
)

// ChapterNameMax bounds a chapter's name.
const ChapterNameMax = apirules.ChapterNameMax

// ErrChapterStartTaken refuses two chapters starting at the same time: a
// chapter runs until the next one starts, so one of them would be empty.
var ErrChapterStartTaken = &apperr.Conflict{Reason: "start is already used by another chapter of the video"}

// Chapter is a named section of a video, from Start ("HH:MM:SS", which
// sorts as text) until the next chapter's start.
type Chapter struct {
	ID    string
	Name  string
	Start string
}

// Validate checks the fields a client sets.
func (c Chapter) Validate() error {
	if err := validate.Length("name", c.Name, ChapterNameMax); err != nil {
		return err
	}
	_, err := timecodeField("start", c.Start)
	return err
}

// chapterFields are the chapter fields an update mask may name.
var chapterFields = setters[Chapter]{
	"name":  func(dst *Chapter, src Chapter) { dst.Name = src.Name },
	"start": func(dst *Chapter, src Chapter) { dst.Start = src.Start },
}

// arrangeChapters orders chapters by start and refuses two at one time.
func arrangeChapters(chapters []Chapter) ([]Chapter, error) {
	slices.SortStableFunc(chapters, func(a, b Chapter) int { return cmp.Compare(a.Start, b.Start) })
	for i := 1; i < len(chapters); i++ {
		if chapters[i].Start == chapters[i-1].Start {
			return nil, ErrChapterStartTaken
		}
	}
	return chapters, nil
}
