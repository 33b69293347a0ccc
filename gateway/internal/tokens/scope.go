package tokens

import (
	"net/http"
	"strings"

	"github.com/vidhost/vidhost/pkg/principal"
)

// Requests an upload token may make: declare the upload (or create the tus
// upload), then create the video from it. The PUT goes to the presigned URL
// the first returns, which is its own credential; tus PATCH and HEAD carry
// the token again. The upload service makes the token single-use, holds it
// to its size cap and to its own tus upload, and to one video from it.
var allowed = map[string]bool{
	http.MethodPost + " /v2/uploads":      true,
	http.MethodPost + " /v2/videos":       true,
	http.MethodPost + " " + tusCollection: true,
}

// tusCollection is the tus endpoint; its uploads live below it.
const tusCollection = "/v2/uploads/tus/"

// Allows reports whether an upload token may be used for method and path.
func Allows(method, path string) bool {
	if allowed[method+" "+path] {
		return true
	}
	sending := method == http.MethodPatch || method == http.MethodHead
	return sending && strings.HasPrefix(path, tusCollection) && len(path) > len(tusCollection)
}

// Principal is who a request with the token acts as: its minter (an API key
// or a person), in its account, narrowed by the token's id and size cap. It
// is never read-only (a read-only key cannot mint) and never has live
// streaming.
func (c Claims) Principal(clientIP string) principal.Principal {
	return principal.Principal{
		AccountID:      c.AccountID,
		KeyID:          c.KeyID,
		ActorID:        c.ActorID,
		ActorType:      c.ActorType,
		Role:           c.Role,
		ClientIP:       clientIP,
		Plan:           c.Plan,
		UploadToken:    c.ID,
		MaxUploadBytes: c.MaxSizeBytes,
	}
}
