package apirules

// Limits and values of hooks (docs/hooks.md).
const (
	HookNameMax   = 40
	HookParamsMax = 10
	// HookEvent is the only event a hook takes; HookAction the only action.
	HookEvent  = "video.created"
	HookAction = "videos.insert"
)

var hookFields = map[string]Rule{
	"name":    {MinLength: 1, MaxLength: HookNameMax},
	"event":   {Enum: []string{HookEvent}},
	"action":  {Enum: []string{HookAction}},
	"service": {MinLength: 1},
	"params":  {MaxItems: HookParamsMax},
}
