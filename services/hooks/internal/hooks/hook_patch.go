package hooks

import (
	"slices"

	"github.com/vidhost/vidhost/pkg/validate"
)

// HookPatch is a PATCH of a hook: the fields named in Paths are copied
// from Values.
type HookPatch struct {
	Paths  []string
	Values Hook
}

// hookFields are the fields a PATCH may name.
var hookFields = []string{"name", "event", "filters", "filters_logic", "service", "action", "params", "enabled"}

// apply returns current changed as p says.
func (p HookPatch) apply(current Hook) (Hook, error) {
	updatable := func(path string) bool { return slices.Contains(hookFields, path) }
	if err := validate.Mask(p.Paths, updatable, "a hook"); err != nil {
		return Hook{}, err
	}
	next, v := current, p.Values
	for _, path := range p.Paths {
		switch path {
		case "name":
			next.Name = v.Name
		case "event":
			next.Event = v.Event
		case "filters":
			next.Filters = v.Filters
		case "filters_logic":
			next.FiltersLogic = v.FiltersLogic
		case "service":
			next.ServiceID = v.ServiceID
		case "action":
			next.Action = v.Action
		case "params":
			next.Params = v.Params
		case "enabled":
			next.Enabled = v.Enabled
		}
	}
	return next, nil
}

// changes reports whether p names path.
func (p HookPatch) changes(path string) bool { return slices.Contains(p.Paths, path) }
