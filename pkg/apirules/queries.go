package apirules

// Limits and values of the list filters (query parameters). An empty value
// does not filter, so every enum and pattern here allows it.
const (
	VideoSearchMax = 100
	// VideoIDsMax is how many ids one list may name: a page's worth.
	VideoIDsMax = 25
	// TagPattern is a tag: lowercase, one word, letters and digits.
	TagPattern = `^[a-z0-9]+$`
	// TagFilterPattern is a tag, or empty for none.
	TagFilterPattern = `^([a-z0-9]+)?$`
	// AuditNamePattern is an audit entity or action type ("videos");
	// AuditIDPattern an actor's or entity's id.
	AuditNamePattern = `^([a-z][a-z_]{0,39})?$`
	AuditIDPattern   = `^([A-Za-z0-9_.:-]{1,64})?$`
)

// Allowed values of the filters' enumerated parameters.
var (
	VideoStatuses      = []string{"preparing", "processing", "ready", "error", "live"}
	VideoSorts         = []string{"created_time", "-created_time"}
	TranscribeStatuses = []string{"queued", "processing", "ready", "error", "cancelling", "cancelled"}
	AuditActorTypes    = []string{"api_key", "user", "system"}
)

// Queries are the rules of query parameters the page rules (limit 1-25,
// cursor) do not cover, by "METHOD path template".
var Queries = map[string]map[string]Rule{
	"GET /v2/analytics":        analyticsQuery(),
	"GET /v2/analytics/videos": analyticsQuery(),
	"GET /v2/videos":           videoListQuery(),
	"GET /v2/transcribes":      {"status": {Enum: OrEmpty(TranscribeStatuses)}},
	"GET /v2/audit_logs":       auditLogQuery(),
}

// OrEmpty is allowed with "" first: a filter left empty.
func OrEmpty(allowed []string) []string {
	return append([]string{""}, allowed...)
}

func videoListQuery() map[string]Rule {
	return map[string]Rule{
		"status":   {Enum: OrEmpty(VideoStatuses)},
		"privacy":  {Enum: OrEmpty(VideoPrivacies)},
		"type":     {Enum: OrEmpty(VideoTypes)},
		"sort":     {Enum: OrEmpty(VideoSorts)},
		"tag":      {MaxLength: TagMax, Pattern: TagFilterPattern},
		"category": {MaxLength: CategoryValueMax},
		"search":   {MaxLength: VideoSearchMax},
		"id":       {MaxItems: VideoIDsMax},
	}
}

func auditLogQuery() map[string]Rule {
	return map[string]Rule{
		"actor_type":  {Enum: OrEmpty(AuditActorTypes)},
		"actor_id":    {Pattern: AuditIDPattern},
		"entity_id":   {Pattern: AuditIDPattern},
		"entity_type": {Pattern: AuditNamePattern},
		"action_type": {Pattern: AuditNamePattern},
	}
}
