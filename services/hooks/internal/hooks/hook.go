package hooks

import (
	"errors"
	"fmt"

	"github.com/vidhost/vidhost/pkg/apirules"
	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/filter"
	"github.com/vidhost/vidhost/pkg/validate"
)

// Hook values and limits from the interface.
const (
	HookNameMax = apirules.HookNameMax
	// EventVideoCreated is the only event a hook takes.
	EventVideoCreated = apirules.HookEvent
	// ActionVideosInsert is the only action.
	ActionVideosInsert = apirules.HookAction
	// MaxParams bounds a hook's params.
	MaxParams = apirules.HookParamsMax
)

// Hook runs Action on the service ServiceID when Event happens and Filters
// hold for the event's video.
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
	if h.Event != EventVideoCreated {
		return apperr.InvalidField("event", "must be video.created")
	}
	if err := checkFilters(h.Filters); err != nil {
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

// checkFilters checks each condition against the fields of the event data.
func checkFilters(conditions []filter.Condition) error {
	if len(conditions) > filter.MaxConditions {
		return apperr.InvalidField("filters", "must hold at most %d conditions", filter.MaxConditions)
	}
	for i, c := range conditions {
		if err := c.Check(VideoFields); err != nil {
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

// Matches reports whether the hook fires for video: it is enabled, and its
// filters hold (no filters: every video).
func (h Hook) Matches(video VideoFacts) bool {
	return h.Enabled && h.Filter().Match(video.Record())
}
