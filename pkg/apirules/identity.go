package apirules

// Limits and values of API keys (docs/authentication.md).
const (
	APIKeyNameMax = 50
	// APIKeyType is the one type of key.
	APIKeyType = "api"
)

var apiKeyFields = map[string]Rule{
	"name": {MinLength: 1, MaxLength: APIKeyNameMax},
	"type": {Enum: []string{APIKeyType}},
}
