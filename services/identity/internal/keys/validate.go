package keys

import (
	"unicode/utf8"

	"github.com/vidhost/vidhost/pkg/apirules"
	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/roles"
)

// MaxNameLength is the interface's limit on key names, in characters.
const MaxNameLength = apirules.APIKeyNameMax

// Validate checks every field of a create request and returns it with its
// lists normalised (see NormaliseIPs).
func (in Input) Validate() (Input, error) {
	if err := validateType(in.Type); err != nil {
		return Input{}, err
	}
	if err := validateName(in.Name); err != nil {
		return Input{}, err
	}
	perms, err := validatePermissions(in.Permissions)
	if err != nil {
		return Input{}, err
	}
	ips, err := NormaliseIPs(in.IPs)
	if err != nil {
		return Input{}, err
	}
	if in.Role != "" {
		if err := roles.Validate("role", in.Role); err != nil {
			return Input{}, err
		}
	}
	return Input{Type: Type, Name: in.Name, Permissions: perms, IPs: ips, Role: in.Role}, nil
}

func validateType(t string) error {
	if t != Type {
		return apperr.InvalidField("type", "must be api")
	}
	return nil
}

// validateName counts characters, not bytes, so names in any script get the
// same 50.
func validateName(name string) error {
	if n := utf8.RuneCountInString(name); n < 1 || n > MaxNameLength {
		return apperr.InvalidField("name", "must be 1-%d characters", MaxNameLength)
	}
	return nil
}

// validatePermissions accepts exactly the interface's two values and
// returns a non-nil slice, so the stored array is never NULL.
func validatePermissions(perms []string) ([]string, error) {
	switch {
	case len(perms) == 0:
		return []string{}, nil
	case len(perms) == 1 && perms[0] == PermissionFetch:
		return []string{PermissionFetch}, nil
	}
	return nil, apperr.InvalidField("permissions", `must be [] (read and write) or ["fetch"] (read only)`)
}
