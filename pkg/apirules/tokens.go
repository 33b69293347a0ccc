package apirules

// Limits and values of the gateway's tokens (docs/tokens.md). The gateway
// answers POST /v2/tokens itself, so no proto names the request: its entry
// in Messages is keyed by its schema's name under "gateway.".
const (
	TokenTypeUpload = "upload"
	TokenTypeViewer = "viewer"
	// TokenTTLMin is the shortest life of either token, in seconds;
	// TokenTTLMax the longest (a viewer token's: an upload token's is an hour).
	TokenTTLMin = 60
	TokenTTLMax = 24 * 3600
	// TokenSizeMax bounds an upload token's max_size_bytes: the largest
	// whole number a JSON number carries exactly.
	TokenSizeMax = UploadSizeMax
)

var tokenFields = map[string]Rule{
	"type":           {Enum: []string{TokenTypeUpload, TokenTypeViewer}},
	"max_size_bytes": {Minimum: 1, HasMinimum: true, Maximum: TokenSizeMax, HasMaximum: true, Integer: true},
	"ttl_seconds":    {Minimum: TokenTTLMin, HasMinimum: true, Maximum: TokenTTLMax, HasMaximum: true, Integer: true},
}
