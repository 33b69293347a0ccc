package apirules

import "github.com/vidhost/vidhost/pkg/roles"

// Limits and values of the identity service's resources: API keys and JWT
// keys (docs/authentication.md), users and invites (docs/users.md),
// identity providers (docs/sso.md).
const (
	APIKeyNameMax = 50
	// APIKeyType is the one type of key.
	APIKeyType = "api"
	// APIKeyPermissionFetch is a read-only key's one permission.
	APIKeyPermissionFetch = "fetch"
	APIKeyIPsMax          = 50
	JWTKeyNameMax         = 50
	// JWTKeyPEMMax bounds a PEM public key in bytes (an 8192-bit RSA key
	// is under 2 KB).
	JWTKeyPEMMax = 16 << 10
	// PersonNameMax bounds the names of users, invitees and providers.
	PersonNameMax = 100
	// The identity provider's limits, in bytes.
	ProviderIssuerURLMax    = 2048
	ProviderClientIDMax     = 255
	ProviderClientSecretMax = 1024
	ProviderDomainsMax      = 20
)

// Allowed values of the identity service's enumerated fields.
var (
	// Roles are a user's, an invite's or a key's role.
	Roles = roles.All()
	// ProviderDefaultRoles are the roles an identity provider may give new
	// users: never owner.
	ProviderDefaultRoles = []string{roles.Viewer, roles.Uploader, roles.Admin}
	// UserNotifications are the emails a user may subscribe to.
	UserNotifications = []string{"video.ready", "video.error", "upload.quota_reached", "user.invited"}
)

var (
	apiKeyFields = map[string]Rule{
		"name":        {MinLength: 1, MaxLength: APIKeyNameMax},
		"type":        {Enum: []string{APIKeyType}},
		"permissions": {MaxItems: 1, ItemEnum: []string{APIKeyPermissionFetch}},
		"ips":         {MaxItems: APIKeyIPsMax},
		"role":        {Enum: Roles},
	}
	// createAPIKeyFields: a create's empty role is the creator's.
	createAPIKeyFields = with(apiKeyFields, "role", Rule{Enum: append([]string{""}, Roles...)})
	jwtKeyFields       = map[string]Rule{
		"name":       {MinLength: 1, MaxLength: JWTKeyNameMax},
		"public_key": {MinLength: 1, MaxLength: JWTKeyPEMMax},
	}
	userFields = map[string]Rule{
		"name":          {MinLength: 1, MaxLength: PersonNameMax},
		"role":          {Enum: Roles},
		"notifications": {ItemEnum: UserNotifications},
	}
	inviteFields = map[string]Rule{
		"email": {MinLength: 1},
		"role":  {Enum: Roles},
		"name":  {MinLength: 1, MaxLength: PersonNameMax},
	}
	providerFields = map[string]Rule{
		"name":            {MinLength: 1, MaxLength: PersonNameMax},
		"issuer_url":      {MinLength: 1, MaxLength: ProviderIssuerURLMax},
		"client_id":       {MinLength: 1, MaxLength: ProviderClientIDMax},
		"client_secret":   {MinLength: 1, MaxLength: ProviderClientSecretMax},
		"allowed_domains": {MinItems: 1, MaxItems: ProviderDomainsMax},
		"default_role":    {Enum: ProviderDefaultRoles},
	}
)
