package catalog

import (
	"slices"

	"github.com/vidhost/vidhost/pkg/apperr"
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
	if len(p.Paths) == 0 {
		return apperr.InvalidField("request", "must change at least one field")
	}
	for _, path := range p.Paths {
		if slices.Contains(readOnlyFields, path) {
			return apperr.InvalidField(path, "cannot be changed")
		}
		if _, ok := fields[path]; !ok {
			return apperr.InvalidField(path, "is not a %s field", resource)
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
