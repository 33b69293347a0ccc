package auditlog

import (
	"regexp"
	"time"

	"github.com/vidhost/vidhost/pkg/apirules"
	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/audit"
)

// Filter narrows a listing of the log to the entries matching every field
// that is set (GET /v2/audit_logs?actor_type=…&start=…).
type Filter struct {
	ActorType, ActorID, EntityType, EntityID, ActionType string
	// Start and End bound action_time: Start <= t < End; zero is unbounded.
	Start, End time.Time
}

// FilterInput is the request's text, before Parse.
type FilterInput struct {
	ActorType, ActorID, EntityType, EntityID, ActionType, Start, End string
}

// name is the form of entity and action types (plural resource names and
// verbs in snake case), and of ids, bounded so a filter stays a filter.
var (
	name = regexp.MustCompile(apirules.AuditNamePattern)
	id   = regexp.MustCompile(apirules.AuditIDPattern)
)

// Parse checks in and returns its Filter; each refusal names its field.
func (in FilterInput) Parse() (Filter, error) {
	f := Filter{ActorType: in.ActorType, ActorID: in.ActorID, EntityType: in.EntityType,
		EntityID: in.EntityID, ActionType: in.ActionType}
	switch f.ActorType {
	case "", audit.ActorAPIKey, audit.ActorUser, audit.ActorSystem:
	default:
		return Filter{}, apperr.InvalidField("actor_type", "must be one of api_key, user, system")
	}
	for _, check := range []struct{ field, value string }{
		{"entity_type", f.EntityType}, {"action_type", f.ActionType},
	} {
		if check.value != "" && !name.MatchString(check.value) {
			return Filter{}, apperr.InvalidField(check.field, "must be a lower-case name such as videos or update")
		}
	}
	for _, check := range []struct{ field, value string }{{"actor_id", f.ActorID}, {"entity_id", f.EntityID}} {
		if check.value != "" && !id.MatchString(check.value) {
			return Filter{}, apperr.InvalidField(check.field, "must be an id of at most 64 characters")
		}
	}
	var err error
	if f.Start, err = bound("start", in.Start, false); err != nil {
		return Filter{}, err
	}
	if f.End, err = bound("end", in.End, true); err != nil {
		return Filter{}, err
	}
	if !f.Start.IsZero() && !f.End.IsZero() && !f.Start.Before(f.End) {
		return Filter{}, apperr.InvalidField("end", "must be after start")
	}
	return f, nil
}

// bound reads an RFC 3339 time or a date; a date as an end is the next
// day's first instant, so the day itself is included.
func bound(field, value string, end bool) (time.Time, error) {
	if value == "" {
		return time.Time{}, nil
	}
	if t, err := time.Parse(time.RFC3339Nano, value); err == nil {
		return t.UTC(), nil
	}
	day, err := time.Parse(time.DateOnly, value)
	if err != nil {
		return time.Time{}, apperr.InvalidField(field, "must be a date (2026-01-31) or an RFC 3339 time")
	}
	if end {
		day = day.AddDate(0, 0, 1)
	}
	return day, nil
}
