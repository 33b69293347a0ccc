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
		{"event", func(h *Hook) { h.Event = "video.deleted" }, "event must be video.created or video.experience_degraded"},
		{"an alert's fields", func(h *Hook) {
			h.Event = EventExperienceDegraded
			h.Filters = []filter.Condition{cond("error_rate", ">", "0.25"), cond("conditions", "==", "startup_time_p95"),
				cond("video_id", "==", "V1StGXR8_Z5jdHi6B-myT"), cond("partial", "==", "false"), cond("plays", ">=", "100")}
		}, ""},
		{"an alert has no tags", func(h *Hook) { h.Event = EventExperienceDegraded },
			"filters[0].field must be one of conditions, error_rate, partial, plays, startup_time_p95, startups, video_id"},
		{"an alert's figure is a number", func(h *Hook) {
			h.Event = EventExperienceDegraded
			h.Filters = []filter.Condition{cond("error_rate", ">", "high")}
		}, "filters[0].value must be a number for error_rate"},
		{"a video has no error rate", func(h *Hook) { h.Filters = []filter.Condition{cond("error_rate", ">", "0.1")} },
			"filters[0].field must be one of categories, description, duration, folder, name, privacy, spherical, tags, type"},
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
			assert.Equal(t, tt.want, tt.hook.Matches(tt.video.Record()))
		})
	}
}

func TestExperienceFiltersMatch(t *testing.T) {
	slow := ExperienceFacts{Plays: 40, Startups: 38, StartupP95: 7.5, HasStartupP95: true, ErrorRate: 0.05,
		Conditions: []string{"startup_time_p95"}}
	failing := ExperienceFacts{Plays: 12, ErrorRate: 1, Conditions: []string{"error_rate"}}
	tests := []struct {
		name   string
		filter []filter.Condition
		facts  ExperienceFacts
		want   bool
	}{
		{"a condition held", []filter.Condition{cond("conditions", "==", "error_rate")}, failing, true},
		{"not that one", []filter.Condition{cond("conditions", "==", "error_rate")}, slow, false},
		{"a slow start", []filter.Condition{cond("startup_time_p95", ">", "5")}, slow, true},
		// No start was measured: no figure to compare, only != holds.
		{"no start measured", []filter.Condition{cond("startup_time_p95", ">", "5")}, failing, false},
		{"no start measured, !=", []filter.Condition{cond("startup_time_p95", "!=", "5")}, failing, true},
		{"enough plays", []filter.Condition{cond("plays", ">=", "20")}, slow, true},
		{"too few plays", []filter.Condition{cond("plays", ">=", "20")}, failing, false},
		{"this video", []filter.Condition{cond("video_id", "==", "v1")}, failing, true},
		{"final only", []filter.Condition{cond("partial", "==", "false")}, failing, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := Hook{Enabled: true, Event: EventExperienceDegraded, Filters: tt.filter, FiltersLogic: filter.And}
			assert.Equal(t, tt.want, h.Matches(tt.facts.Record("v1")))
		})
	}
}

func TestAlertHooksNeedAWebhook(t *testing.T) {
	h := validHook()
	h.Event, h.Filters = EventExperienceDegraded, nil
	assert.NoError(t, checkService(h, TypeWebhook))
	for _, serviceType := range []string{TypeVidhost, TypeS3} {
		assert.EqualError(t, checkService(h, serviceType), "service must be a webhook service for event video.experience_degraded", serviceType)
	}
	h.Event = EventVideoCreated
	assert.NoError(t, checkService(h, TypeS3), "a video.created hook copies the video")
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
