package users

import (
	"slices"
	"strings"

	"github.com/vidhost/vidhost/pkg/apirules"
	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/roles"
	"github.com/vidhost/vidhost/pkg/validate"
)

// Update is a PATCH request: the field-mask paths the client sent and the
// values of those fields (values of unmasked fields are ignored).
type Update struct {
	Paths  []string
	Values User
}

// Patch is a validated change: nil fields stay as they are.
type Patch struct {
	Name          *string
	Role          *string
	Notifications *[]string
	Enabled       *bool
}

// managedFields are shown to clients but set only by the service.
var managedFields = map[string]string{
	"email":          "cannot be changed",
	"verified_email": "is managed by the service and cannot be set",
	"mfa_required":   "is managed by the service and cannot be set",
	"authentication": "is managed by the service and cannot be set",
	"id":             "cannot be changed",
	"created_by":     "cannot be changed", "created_time": "cannot be changed",
	"updated_by": "cannot be changed", "updated_time": "cannot be changed",
}

// Patch validates u.
func (u Update) Patch() (Patch, error) {
	// grpc-gateway turns an empty JSON object into the one path "".
	if len(u.Paths) == 0 || slices.Equal(u.Paths, []string{""}) {
		return Patch{}, apperr.InvalidField("request", "must change at least one field")
	}
	var p Patch
	for _, path := range u.Paths {
		if err := p.set(path, u.Values); err != nil {
			return Patch{}, err
		}
	}
	return p, nil
}

func (p *Patch) set(path string, v User) error {
	switch path {
	case "name":
		name, err := validate.TrimmedLength("name", v.Name, apirules.PersonNameMax)
		if err != nil {
			return err
		}
		p.Name = &name
	case "role":
		if err := roles.Validate("role", v.Role); err != nil {
			return err
		}
		p.Role = &v.Role
	case "notifications":
		list, err := validateNotifications(v.Notifications)
		if err != nil {
			return err
		}
		p.Notifications = &list
	case "enabled":
		p.Enabled = &v.Enabled
	default:
		if rule, ok := managedFields[path]; ok {
			return apperr.InvalidField(path, "%s", rule)
		}
		return apperr.InvalidField(echo(path), "is not a field of a user")
	}
	return nil
}

// validateNotifications refuses unknown names and drops repeats.
func validateNotifications(names []string) ([]string, error) {
	out := make([]string, 0, len(names))
	for _, n := range names {
		if !slices.Contains(Notifications, n) {
			return nil, apperr.InvalidField("notifications", "must contain only %s", strings.Join(Notifications, ", "))
		}
		if !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out, nil
}

// Apply changes u as p says.
func (p Patch) Apply(u *User) {
	if p.Name != nil {
		u.Name = *p.Name
	}
	if p.Role != nil {
		u.Role = *p.Role
	}
	if p.Notifications != nil {
		u.Notifications = *p.Notifications
	}
	if p.Enabled != nil {
		u.Enabled = *p.Enabled
	}
}

// echo shortens a client's text before it is quoted back.
func echo(s string) string {
	if r := []rune(s); len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return s
}
