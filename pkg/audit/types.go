package audit

import "github.com/vidhost/vidhost/pkg/principal"

// Actor types, as entries show them.
const (
	ActorAPIKey = principal.ActorAPIKey
	ActorUser   = principal.ActorUser
	ActorSystem = principal.ActorSystem
)

// Action types. Resources are created, updated and deleted; the others
// name what is not a plain change of fields.
const (
	ActionCreate  = "create"
	ActionUpdate  = "update"
	ActionDelete  = "delete"
	ActionSignIn  = "sign_in"
	ActionSetPlan = "set_plan"
	ActionDisable = "disable"
	ActionEnable  = "enable"
	// ActionResend is an invite mailed again with a new link.
	ActionResend = "resend"
	// ActionAccept is an invite used to join the account.
	ActionAccept = "accept"
	// ActionRefuse is a request refused although its session was live (a
	// missing or wrong CSRF token).
	ActionRefuse = "refuse"
)

// Entity types: the plural resource names of the interface's paths.
const (
	EntityVideos      = "videos"
	EntityFolders     = "folders"
	EntityPlayers     = "players"
	EntityCategories  = "categories"
	EntityLeads       = "leads"
	EntityTranscribes = "transcribes"
	EntityKeys        = "keys"
	EntityJWTKeys     = "jwt_keys"
	EntityUsers       = "users"
	EntityInvites     = "invites"
	EntityAccounts    = "accounts"
	EntityUploads     = "uploads"
	EntityServices    = "services"
	EntityHooks       = "hooks"
	// EntityTokens are the upload and viewer tokens the gateway mints
	// (docs/tokens.md); only their creation is recorded.
	EntityTokens = "tokens"
	// EntityIdentityProviders are an account's single sign-on providers;
	// SSO sign-ins and their refusals are recorded against them too.
	EntityIdentityProviders = "identity_providers"
	// EntityStreamKeys are live events' stream keys, recorded under the
	// event's video id; their secret never is (docs/live.md).
	EntityStreamKeys = "stream_keys"
	// EntityRestreams are live events' restream outputs; their stream
	// keys never are recorded, only whether one is set (docs/live.md).
	EntityRestreams = "restreams"
)

// System returns the principal of a change the platform makes to account
// itself (an operator's command, a worker): actorID names which.
func System(accountID, actorID string) principal.Principal {
	return principal.Principal{AccountID: accountID, ActorID: actorID, ActorType: ActorSystem}
}

// actorOf returns p's actor type and id. A principal that names no type is
// an API key's if it carries a key, the system's otherwise.
func actorOf(p principal.Principal) (string, string) {
	switch {
	case p.ActorType != "":
		return p.ActorType, p.ActorID
	case p.KeyID != "":
		return ActorAPIKey, firstOf(p.ActorID, p.KeyID)
	default:
		return ActorSystem, p.ActorID
	}
}

func firstOf(values ...string) string {
	for _, v := range values {
		if v != "" {
			return v
		}
	}
	return ""
}
