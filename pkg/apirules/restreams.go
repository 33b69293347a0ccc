package apirules

// Limits of a live event's restreams (docs/live.md, "Restreaming").
const (
	RestreamNameMax = 100
	// RestreamURLMax is netguard.MaxURLLength, the bound of every URL a
	// client saves for the suite to call later.
	RestreamURLMax = 2000
	// RestreamKeyMax bounds a stream key: platforms' keys are 20-100
	// characters; this leaves room for signed ones.
	RestreamKeyMax = 500
	// RestreamKeyPattern is printable ASCII without spaces: the key
	// becomes the RTMP publish name, where anything else would be mangled.
	RestreamKeyPattern = `^[!-~]*$`
)

var restreamFields = map[string]Rule{
	"name":       {MinLength: 1, MaxLength: RestreamNameMax},
	"url":        {MinLength: 1, MaxLength: RestreamURLMax},
	"stream_key": {MaxLength: RestreamKeyMax, Pattern: RestreamKeyPattern},
}
