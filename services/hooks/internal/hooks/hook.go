package hooks

import (
	"errors"
	"fmt"
	"strings"

	"github.com/vidhost/vidhost/pkg/apirules"
	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/filter"
	"github.com/vidhost/vidhost/pkg/validate"
)

// Hook values and limits from the interface.
const (
	HookNameMax = apirules.HookNameMax
	// EventVideoCreated is the interface's event: a video was created.
	EventVideoCreated = apirules.HookEventVideoCreated
	// EventExperienceDegraded is Vidhost's extension: a video's viewers
	// had a bad hour (the analytics service's video.experience_degraded).
	EventExperienceDegraded = apirules.HookEventExperienceDegraded
	// ActionVideosInsert is the only action.
	ActionVideosInsert = apirules.HookAction
	// MaxParams bounds a hook's params.
	MaxParams = apirules.HookParamsMax
)

// Hook runs Action on the service ServiceID when Event happens and Filters
// hold for the event's data.
type Hook struct {
	ID           string
	Name         string
	Event        string
	Filters      []filter.Condition
	FiltersLogic filter.Logic
	ServiceID    string
	Action       string
	Params       []Param
	// Enabled is false once the hook's service is deleted: a disabled
	// hook never fires, until it is given a service and enabled again.
	Enabled bool
	Audit
}

// Param is one setting of the action; which fields exist depends on the
// service's type (params.go).
type Param struct {
	Field string
	Value string
}

// ErrServiceRequired is a hook created before the account has a service.
var ErrServiceRequired = &apperr.Invalid{Rule: "a service must exist first", Code: apperr.CodeServiceRequired}

// errUnknownService is a service id that is none of the account's
// services: another account's answers the same.
var errUnknownService = apperr.InvalidField("service", "must be one of the account's services")

// validate checks the fields that need no other resource.
func (h Hook) validate() error {
	if err := validate.Length("name", h.Name, HookNameMax); err != nil {
		return err
	}
	fields, ok := eventFields[h.Event]
	if !ok {
		return apperr.InvalidField("event", "must be %s", strings.Join(apirules.HookEvents, " or "))
	}
	if err := checkFilters(h.Filters, fields); err != nil {
		return err
	}
	if !h.FiltersLogic.Valid() {
		return apperr.InvalidField("filters_logic", "must be and or or")
	}
	if h.ServiceID == "" {
		return apperr.InvalidField("service", "must be the id of one of the account's services")
	}
	if h.Action != ActionVideosInsert {
		return apperr.InvalidField("action", "must be videos.insert")
	}
	if len(h.Params) > MaxParams {
		return apperr.InvalidField("params", "must hold at most %d settings", MaxParams)
	}
	return nil
}

// eventFields are, for each event a hook takes, the fields of its data a
// filter may test.
var eventFields = map[string]filter.Schema{
	EventVideoCreated:       VideoFields,
	EventExperienceDegraded: ExperienceFields,
}

// checkFilters checks each condition against fields, the event's data.
func checkFilters(conditions []filter.Condition, fields filter.Schema) error {
	if len(conditions) > filter.MaxConditions {
		return apperr.InvalidField("filters", "must hold at most %d conditions", filter.MaxConditions)
	}
	for i, c := range conditions {
		if err := c.Check(fields); err != nil {
			var ferr *filter.Error
			if errors.As(err, &ferr) {
				return apperr.InvalidField(fmt.Sprintf("filters[%d].%s", i, ferr.Part), "%s", ferr.Rule)
			}
			return err
		}
	}
	return nil
}

// Filter is the hook's conditions joined by its logic.
func (h Hook) Filter() filter.Filter {
	return filter.Of(h.Filters, h.FiltersLogic)
}

// Matches reports whether the hook fires for an event whose data is data:
// it is enabled, and its filters hold (no filters: every event).
func (h Hook) Matches(data filter.Record) bool {
	return h.Enabled && h.Filter().Match(data)
}

// errNeedsWebhook is a hook of video.experience_degraded on a vidhost or
// s3 service: an alert has no video to copy, only news to send.
var errNeedsWebhook = apperr.InvalidField("service", "must be a webhook service for event %s", EventExperienceDegraded)

// checkEventService checks that a service of serviceType can run the
// hook's action for its event: videos.insert copies the video for vidhost
// and s3 services, which only video.created has to give.
func checkEventService(event, serviceType string) error {
	if event == EventExperienceDegraded && serviceType != TypeWebhook {
		return errNeedsWebhook
	}
	return nil
}
