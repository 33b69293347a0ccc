package keys

import "time"

// Type is the only key type of the interface.
const Type = "api"

// PermissionFetch makes a key read-only; a key without permissions may read
// and write.
const PermissionFetch = "fetch"

// Key is a stored API key, without its secret.
type Key struct {
	ID          string
	AccountID   string
	Name        string
	Permissions []string
	IPs         []string
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
}
