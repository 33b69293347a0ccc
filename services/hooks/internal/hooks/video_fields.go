package hooks

import "github.com/vidhost/vidhost/pkg/filter"

// VideoFields are the fields of a video.created event's data a hook's
// filters may test (docs/hooks.md lists them).
var VideoFields = filter.Schema{
	"name":        filter.KindString,
	"description": filter.KindString,
	"type":        filter.KindString,
	"privacy":     filter.KindString,
	"tags":        filter.KindStrings,
	"categories":  filter.KindStrings,
	"folder":      filter.KindStrings,
	"duration":    filter.KindNumber,
	"spherical":   filter.KindBool,
}

// VideoFacts is what a hook's filters see of a video.
type VideoFacts struct {
	Name        string
	Description string
	Type        string
	Privacy     string
	Tags        []string
	Categories  []string
	// Folders are the ids of the folders the video is filed in.
	Folders   []string
	Duration  float64
	Spherical bool
}

// Record is v as the filter package evaluates it.
func (v VideoFacts) Record() filter.Record {
	return filter.Record{
		"name":        filter.String(v.Name),
		"description": filter.String(v.Description),
		"type":        filter.String(v.Type),
		"privacy":     filter.String(v.Privacy),
		"tags":        filter.Strings(v.Tags...),
		"categories":  filter.Strings(v.Categories...),
		"folder":      filter.Strings(v.Folders...),
		"duration":    filter.Number(v.Duration),
		"spherical":   filter.Bool(v.Spherical),
	}
}
