package catalog

import (
	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/validate"
)

// Patch is a partial update: exactly the fields named in Paths (proto field
// names, from the request's update mask) are copied from Values; every
// other field of Values is ignored.
type Patch[T any] struct {
	Paths  []string
	Values T
}

// setters copy one field, named by its mask path, from src to dst.
type setters[T any] map[string]func(dst *T, src T)

// check refuses an empty mask, read-only fields and unknown fields before
// anything is read, so a malformed request costs no database round trip.
func (p Patch[T]) check(fields setters[T], resource string) error {
	return checkPaths(p.Paths, fields, resource)
}

// checkPaths is Patch.check for any map of updatable fields (hotspots
// apply their time-coded shape to the stored one, so their setters differ).
func checkPaths[F any](paths []string, fields map[string]F, resource string) error {
	return validate.Mask(paths, func(path string) bool { _, ok := fields[path]; return ok }, "a "+resource)
}

// checkRefused refuses the paths of refused, each with its own rule, so a
// client learns why (system-managed, or changed through another endpoint).
func checkRefused(paths []string, refused map[string]string) error {
	for _, path := range paths {
		if rule, ok := refused[path]; ok {
			return apperr.InvalidField(path, "%s", rule)
		}
	}
	return nil
}

// apply returns current with the masked fields replaced. Call check first.
func (p Patch[T]) apply(current T, fields setters[T]) T {
	for _, path := range p.Paths {
		fields[path](&current, p.Values)
	}
	return current
}
