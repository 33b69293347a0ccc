package apirules

// Limits and values of hooks (docs/hooks.md).
const (
	HookNameMax   = 40
	HookParamsMax = 10
	// HookEventVideoCreated is the interface's event;
	// HookEventExperienceDegraded is Vidhost's extension (docs/hooks.md).
	HookEventVideoCreated       = "video.created"
	HookEventExperienceDegraded = "video.experience_degraded"
	// HookAction is the only action.
	HookAction = "videos.insert"
)

// HookEvents are the events a hook takes.
var HookEvents = []string{HookEventVideoCreated, HookEventExperienceDegraded}

var hookFields = map[string]Rule{
	"name": {MinLength: 1, MaxLength: HookNameMax},
	"event": {Enum: HookEvents, EnumText: map[string]string{
		HookEventVideoCreated:       "a video was created; the delivery waits for its outputs",
		HookEventExperienceDegraded: "a video's viewers had a bad hour (startup p95 or error rate over the analytics service's thresholds); webhook services only, an extension of the interface",
	}},
	"action":  {Enum: []string{HookAction}},
	"service": {MinLength: 1},
	"params":  {MaxItems: HookParamsMax},
}

// Limits and values of services, the targets hooks call (docs/hooks.md).
// The patterns allow empty: a field of another type of service is empty.
const (
	ServiceNameMax            = 50
	ServiceAPIKeyMax          = 200
	ServiceAccessKeyIDMax     = 128
	ServiceSecretAccessKeyMax = 256
	ServicePrefixMax          = 200
	ServiceRegionPattern      = `^([a-z0-9-]{1,64})?$`
	ServiceBucketPattern      = `^([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])?$`
	ServicePrefixPattern      = `^[A-Za-z0-9_.\-/]*$`
)

// ServiceTypes are the types of service.
var ServiceTypes = []string{"webhook", "vidhost", "s3"}

var serviceFields = map[string]Rule{
	"name":              {MinLength: 1, MaxLength: ServiceNameMax},
	"type":              {Enum: ServiceTypes},
	"api_key":           {MaxLength: ServiceAPIKeyMax},
	"region":            {Pattern: ServiceRegionPattern},
	"bucket":            {Pattern: ServiceBucketPattern},
	"prefix":            {MaxLength: ServicePrefixMax, Pattern: ServicePrefixPattern},
	"access_key_id":     {MaxLength: ServiceAccessKeyIDMax},
	"secret_access_key": {MaxLength: ServiceSecretAccessKeyMax},
}
