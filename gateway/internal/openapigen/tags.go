package openapigen

// tagDescriptions say what each resource is and where its page in docs/ is.
var tagDescriptions = map[string]string{
	"Analytics":          "Views reports (docs/analytics.md).",
	"Audit logs":         "The account's append-only record of changes (docs/audit-logs.md).",
	"Categories":         "Values videos are filed under.",
	"Deliveries":         "A hook's deliveries and their retries (docs/hooks.md).",
	"Folders":            "Folders and the videos filed in them (docs/folders.md).",
	"Hooks":              "Which event runs which action on which service (docs/hooks.md).",
	"Identity providers": "Single sign-on through the account's OpenID Connect provider (docs/identity-providers.md).",
	"Invites":            "Inviting people by email (docs/invites.md).",
	"Jwt keys":           "Public keys that verify viewer JWTs (docs/playback.md).",
	"Keys":               "API keys (docs/authentication.md).",
	"Mfa":                "The signed-in user's multi-factor codes and the account's rule (docs/authentication.md).",
	"Players":            "Player configurations (docs/players.md).",
	"Services":           "Integration targets hooks run actions on (docs/services.md).",
	"Uploads":            "Presigned and resumable uploads (docs/uploads.md).",
	"Users":              "People of the account and their roles (docs/users.md).",
	"Video cards":        "A video's cards.",
	"Video chapters":     "A video's chapters.",
	"Video gates":        "A video's gates (lead forms).",
	"Video hotspots":     "A video's hotspots (docs/hotspots.md).",
	"Video leads":        "The gates' submissions (docs/leads.md).",
	"Video thumbnail":    "A video's thumbnail, from an upload.",
	"Video tracks":       "A video's subtitle and caption tracks, from uploads.",
	"Videos":             "Videos (docs/videos.md).",
}
