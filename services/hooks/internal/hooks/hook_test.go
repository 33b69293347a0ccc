package hooks

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/vidhost/vidhost/pkg/filter"
)

func cond(field string, op filter.Operator, value string) filter.Condition {
	return filter.Condition{Field: field, Operator: op, Value: value}
}

func validHook() Hook {
	return Hook{Name: "Mirror launches", Event: EventVideoCreated, Action: ActionVideosInsert, ServiceID: "svc",
		FiltersLogic: filter.And, Filters: []filter.Condition{{Field: "tags", Operator: filter.Equal, Value: "launch"}}}
}

func TestHookValidate(t *testing.T) {
	tests := []struct {
		name   string
		change func(*Hook)
		want   string
	}{
		{"valid", func(*Hook) {}, ""},
		{"no filters", func(h *Hook) { h.Filters = nil }, ""},
		{"every operator", func(h *Hook) {
			h.Filters = []filter.Condition{cond("name", "=@", "x"), cond("name", "!@", "x"), cond("duration", ">", "1"), cond("duration", "<", "1"),
				cond("duration", ">=", "1"), cond("duration", "<=", "1"), cond("privacy", "==", "public"), cond("type", "!=", "event")}
		}, ""},
		{"or", func(h *Hook) { h.FiltersLogic = filter.Or }, ""},
		{"no name", func(h *Hook) { h.Name = "" }, "name must be 1-40 characters"},
		{"long name", func(h *Hook) { h.Name = strings.Repeat("n", 41) }, "name must be 1-40 characters"},
		{"event", func(h *Hook) { h.Event = "video.deleted" }, "event must be video.created"},
		{"action", func(h *Hook) { h.Action = "videos.delete" }, "action must be videos.insert"},
		{"no service", func(h *Hook) { h.ServiceID = "" }, "service must be the id of one of the account's services"},
		{"logic", func(h *Hook) { h.FiltersLogic = "xor" }, "filters_logic must be and or or"},
		{"unknown field", func(h *Hook) { h.Filters[0].Field = "title" },
			"filters[0].field must be one of categories, description, duration, folder, name, privacy, spherical, tags, type"},
		{"unknown operator", func(h *Hook) { h.Filters[0].Operator = "~" }, "filters[0].operator must be one of == != >= <= =@ !@ > <"},
		{"number value", func(h *Hook) { h.Filters = []filter.Condition{cond("duration", ">", "long")} }, "filters[0].value must be a number for duration"},
		{"list ordering", func(h *Hook) { h.Filters = []filter.Condition{cond("name", "==", "a"), cond("tags", ">", "a")} },
			"filters[1].operator must be ==, !=, =@ or !@ for a list"},
		{"too many filters", func(h *Hook) { h.Filters = make([]filter.Condition, 21) }, "filters must hold at most 20 conditions"},
		{"too many params", func(h *Hook) { h.Params = make([]Param, 11) }, "params must hold at most 10 settings"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := validHook()
			tt.change(&h)
			err := h.validate()
			if tt.want == "" {
				assert.NoError(t, err)
				return
			}
			assert.EqualError(t, err, tt.want)
		})
	}
}

func TestCheckParams(t *testing.T) {
	tests := []struct {
		name        string
		serviceType string
		params      []Param
		want        string
	}{
		{"webhook none", TypeWebhook, nil, ""},
		{"webhook any", TypeWebhook, []Param{{"name", "x"}}, "params must be empty for a webhook service"},
		{"vidhost all", TypeVidhost, []Param{{"name", "Copy of {name}"}, {"privacy", "private"}, {"tags", "mirror,launch"}, {"folder", "f1"}}, ""},
		{"vidhost unknown", TypeVidhost, []Param{{"prefix", "x"}}, "params[0].field must be one of folder, name, privacy, tags for a vidhost service"},
		{"vidhost privacy", TypeVidhost, []Param{{"privacy", "secret"}}, "params[0].value must be public, private or unlisted for privacy"},
		{"vidhost tags", TypeVidhost, []Param{{"tags", "Launch Day"}}, "params[0].value must be comma-separated tags, each 1-50 lowercase letters or digits"},
		{"vidhost eleven tags", TypeVidhost, []Param{{"tags", "a,b,c,d,e,f,g,h,i,j,k"}}, "params[0].value must be at most ten comma-separated tags"},
		{"repeated", TypeVidhost, []Param{{"privacy", "public"}, {"privacy", "private"}}, "params[1].field must not repeat privacy"},
		{"s3 prefix", TypeS3, []Param{{"prefix", "launches/2026/"}}, ""},
		{"s3 bad prefix", TypeS3, []Param{{"prefix", "../x"}},
			"params[0].value must be at most 200 characters: letters, digits, _ . - and / between segments, none of them . or .."},
		{"s3 unknown", TypeS3, []Param{{"name", "x"}}, "params[0].field must be one of prefix for an s3 service"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := checkParams(tt.params, tt.serviceType)
			if tt.want == "" {
				assert.NoError(t, err)
				return
			}
			assert.EqualError(t, err, tt.want)
		})
	}
}

func TestHookMatches(t *testing.T) {
	launch := VideoFacts{Name: "Launch keynote", Type: "vod", Privacy: "public", Tags: []string{"launch"}, Duration: 3600}
	teaser := VideoFacts{Name: "Teaser", Type: "vod", Privacy: "unlisted", Tags: []string{"teaser"}, Duration: 30}
	conditions := []filter.Condition{cond("tags", "==", "launch"), cond("duration", "<", "60")}
	tests := []struct {
		name  string
		hook  Hook
		video VideoFacts
		want  bool
	}{
		{"no filters", Hook{Enabled: true}, teaser, true},
		{"and: one holds", Hook{Enabled: true, Filters: conditions, FiltersLogic: filter.And}, launch, false},
		{"or: one holds", Hook{Enabled: true, Filters: conditions, FiltersLogic: filter.Or}, launch, true},
		{"or: the other holds", Hook{Enabled: true, Filters: conditions, FiltersLogic: filter.Or}, teaser, true},
		{"filtered out", Hook{Enabled: true, Filters: conditions[:1]}, teaser, false},
		{"disabled", Hook{Enabled: false}, launch, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, tt.hook.Matches(tt.video))
		})
	}
}

func TestHookPatch(t *testing.T) {
	h := validHook()
	got, err := HookPatch{Paths: []string{"name", "enabled"}, Values: Hook{Name: "Renamed", Enabled: true}}.apply(h)
	assert.NoError(t, err)
	assert.Equal(t, "Renamed", got.Name)
	assert.True(t, got.Enabled)
	assert.Equal(t, h.Filters, got.Filters, "unnamed fields stay")

	_, err = HookPatch{Paths: []string{"created_time"}}.apply(h)
	assert.EqualError(t, err, "created_time cannot be changed")
	_, err = HookPatch{Paths: []string{"colour"}}.apply(h)
	assert.EqualError(t, err, "colour is not a hook field")
}
