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
