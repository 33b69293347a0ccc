package keys

import (
	"slices"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/roles"
)

// Update is a PATCH request: the field-mask paths the client sent and the
// values of those fields (values of unmasked fields are ignored).
type Update struct {
	Paths  []string
	Values Input
}

// Patch is a validated change: nil fields stay as they are.
type Patch struct {
	Name        *string
	Permissions *[]string
	IPs         *[]string
	Role        *string
}

// readOnlyFields are the fields of a key the client sees but cannot set.
var readOnlyFields = map[string]bool{
	"id": true, "value": true,
	"created_by": true, "created_time": true, "updated_by": true, "updated_time": true,
}

// Patch validates u. Only name, permissions, ips and role change; type may be sent,
// but only as "api".
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

func (p *Patch) set(path string, v Input) error {
	switch {
	case path == "name":
		if err := validateName(v.Name); err != nil {
			return err
		}
		p.Name = &v.Name
	case path == "permissions":
		perms, err := validatePermissions(v.Permissions)
		if err != nil {
			return err
		}
		p.Permissions = &perms
	case path == "ips":
		ips, err := NormaliseIPs(v.IPs)
		if err != nil {
			return err
		}
		p.IPs = &ips
	case path == "role":
		if err := roles.Validate("role", v.Role); err != nil {
			return err
		}
		p.Role = &v.Role
	case path == "type":
		return validateType(v.Type)
	case readOnlyFields[path]:
		return apperr.InvalidField(path, "cannot be changed")
	default:
		return apperr.InvalidField(echo(path), "is not a field of an API key")
	}
	return nil
}

// Apply changes k as p says.
func (p Patch) Apply(k *Key) {
	if p.Name != nil {
		k.Name = *p.Name
	}
	if p.Permissions != nil {
		k.Permissions = *p.Permissions
	}
	if p.IPs != nil {
		k.IPs = *p.IPs
	}
	if p.Role != nil {
		k.Role = *p.Role
	}
}
