package tokens

import (
	"net/http"

	"github.com/vidhost/vidhost/pkg/principal"
)

// Requests an upload token may make: declare the upload, then create the
// video from it. The PUT goes to the presigned URL the first returns, which
// is its own credential. The upload service makes the token single-use and
// holds it to its size cap; the catalog holds the video to that upload.
var allowed = map[string]bool{
	http.MethodPost + " /v2/uploads": true,
	http.MethodPost + " /v2/videos":  true,
}

// Allows reports whether an upload token may be used for method and path.
func Allows(method, path string) bool { return allowed[method+" "+path] }

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
