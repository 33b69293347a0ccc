package keys

import (
	"time"

	"github.com/vidhost/vidhost/pkg/apirules"
	"github.com/vidhost/vidhost/pkg/roles"
)

// Type is the only key type of the interface.
const Type = apirules.APIKeyType

// PermissionFetch makes a key read-only; a key without permissions may read
// and write.
const PermissionFetch = apirules.APIKeyPermissionFetch

// Key is a stored API key, without its secret.
type Key struct {
	ID          string
	AccountID   string
	Name        string
	Permissions []string
	IPs         []string
	// Role is the key's ceiling (pkg/roles): it acts with at most this role.
	Role string
	// UserID is the person the key acts for, "" for the operator's keys. A
	// person's key acts with at most their current role, not at all while
	// they are disabled, and is deleted with them (docs/roles.md).
	UserID      string
	CreatedBy   string
	CreatedTime time.Time
	UpdatedBy   string
	UpdatedTime time.Time
}

// ReadOnly reports whether the key may only read.
func (k Key) ReadOnly() bool {
	return len(k.Permissions) == 1 && k.Permissions[0] == PermissionFetch
}

// Created is a key just made, with its secret: the only moment the value
// exists outside the client.
type Created struct {
	Key
	Value string
}

// Credential is what a valid secret resolves to.
type Credential struct {
	Key
	// UserRole is the current role of the key's person, "" for an
	// operator's key; EffectiveRole combines it with the key's ceiling.
	UserRole string
	// LiveEnabled tells whether the key's account may stream live.
	LiveEnabled bool
	// Plan is the name of the account's plan.
	Plan string
}

// Input is the body of a create request.
type Input struct {
	Type        string
	Name        string
	Permissions []string
	IPs         []string
	// Role is the ceiling asked for; "" gives the creator's own role.
	Role string
}

// EffectiveRole is the role a request made with the key acts with: the
// key's ceiling, lowered to its person's current role.
func (c Credential) EffectiveRole() string {
	if c.UserID == "" {
		return c.Role
	}
	return roles.Lowest(c.Role, c.UserRole)
}
