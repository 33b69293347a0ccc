package validate

import "github.com/vidhost/vidhost/pkg/apperr"

// ReadOnly are the fields every stored resource shows and no client sets.
var ReadOnly = []string{"id", "created_by", "created_time", "updated_by", "updated_time"}

// Mask checks a PATCH's update mask before anything is read: it must name
// at least one field, no read-only field (refused rather than ignored, so a
// client learns at once that its change did not happen), and only fields
// updatable accepts. resource names the kind, with its article, in the
// refusal: with "a player", "colour is not a player field".
func Mask(paths []string, updatable func(path string) bool, resource string) error {
	// grpc-gateway turns an empty JSON object into the one path "".
	if len(paths) == 0 || len(paths) == 1 && paths[0] == "" {
		return apperr.InvalidField("request", "must change at least one field")
	}
	for _, path := range paths {
		for _, readOnly := range ReadOnly {
			if path == readOnly {
				return apperr.InvalidField(path, "cannot be changed")
			}
		}
		if !updatable(path) {
			return apperr.InvalidField(path, "is not %s field", resource)
		}
	}
	return nil
}
