package idempotency

import (
	"slices"

	"github.com/vidhost/vidhost/pkg/grpcx"
	"github.com/vidhost/vidhost/pkg/principal"
)

// principalScope names who sent a request within its account, or "" when
// nothing does: an upload token by its id (it acts for the key or person
// that minted it, but is handed to a browser), an API key by its id, a
// signed-in person by their user id. Records are keyed by it, so no caller
// is ever replayed another caller's answer.
func principalScope(p principal.Principal) string {
	switch {
	case p.UploadToken != "":
		return "token:" + p.UploadToken
	case p.ActorType == principal.ActorUser && p.ActorID != "":
		return "user:" + p.ActorID
	case p.KeyID != "":
		return "key:" + p.KeyID
	}
	return ""
}

// mayCall reports whether p may still call every backend method the first
// request called, by the access table the services enforce
// (grpcx.Policy): a person whose role was lowered below a method's least
// role, or a key made read-only since, gets no replay of it. Checks that
// live in a service's own code are not re-run here; the caller got that
// answer once already.
func mayCall(p principal.Principal, methods []string) bool {
	for _, method := range methods {
		rule, ok := grpcx.Policy[method]
		if !ok || !slices.Contains(rule.Callers, grpcx.Gateway) || (rule.Account && p.AccountID == "") ||
			(rule.Write && p.ReadOnly) || rule.RoleRefusal(p) != nil {
			return false
		}
	}
	return true
}
