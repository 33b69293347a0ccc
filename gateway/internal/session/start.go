package session

import (
	"context"
	"net/http"
	"time"

	"github.com/vidhost/vidhost/gateway/internal/auth"
	"github.com/vidhost/vidhost/pkg/timefmt"
	identityv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
)

// Credentials are what a person typed to sign in: an email, a password
// and, on the second step of a user with multi-factor codes, a code.
type Credentials struct {
	Email, Password, Code string
}

// SignIn signs r's browser in through identity and sets the session
// cookie. It is the one way a password starts a session: POST
// /v2/session and an accepted invite both come here, so identity applies
// the same limits, audit and multi-factor rules (a code when the user has
// them; enrolment first when the account requires them and the user has
// none), and the cookie gets the same flags. The caller has already
// refused another origin's request (OriginProblem: login CSRF).
func (s *Sessions) SignIn(ctx context.Context, w http.ResponseWriter, r *http.Request, ip auth.ClientIP, c Credentials) (*identityv1.SignInResponse, error) {
	out, err := s.client.SignIn(ctx, &identityv1.SignInRequest{Email: c.Email, Password: c.Password,
		Code: c.Code, ClientIp: auth.AddrString(ip.Of(r)), UserAgent: r.UserAgent()})
	if err != nil {
		return nil, err
	}
	expires, _ := time.Parse(timefmt.Layout, out.GetSession().GetExpiresTime())
	s.SetCookie(w, out.GetToken(), expires)
	return out, nil
}
