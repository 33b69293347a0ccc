package hooks

import (
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/vidhost/vidhost/pkg/apirules"
	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/netguard"
	"github.com/vidhost/vidhost/pkg/validate"
)

// Service types.
const (
	// TypeWebhook posts signed deliveries to an https URL.
	TypeWebhook = "webhook"
	// TypeVidhost creates the video on another Vidhost instance.
	TypeVidhost = "vidhost"
	// TypeS3 copies the video's files to an S3 bucket.
	TypeS3 = "s3"
)

// Service limits (the interface leaves them open; docs/services.md).
const (
	ServiceNameMax     = apirules.ServiceNameMax
	APIKeyMax          = apirules.ServiceAPIKeyMax
	AccessKeyIDMax     = apirules.ServiceAccessKeyIDMax
	SecretAccessKeyMax = apirules.ServiceSecretAccessKeyMax
	PrefixMax          = apirules.ServicePrefixMax
	// SecretGrace is how long a rotated-out webhook secret still signs.
	SecretGrace = 24 * time.Hour
)

// Target is an integration target of an account, the "service" of the
// interface (routes, messages and use cases keep that word; the type is
// Target so that Service can be the use cases, as in every service): a
// hook's action runs on it. Only the fields of its Type are set.
type Target struct {
	ID   string
	Name string
	Type string
	// URL is a webhook's endpoint.
	URL string
	// BaseURL is the other instance's /v2 base URL (vidhost).
	BaseURL string
	// Endpoint, Region, Bucket and Prefix say where an s3 service writes.
	Endpoint string
	Region   string
	Bucket   string
	Prefix   string
	// Credentials are write-only: the store keeps them encrypted, reads
	// return them only where a use case needs them.
	Credentials Credentials
	Audit
}

// Credentials are a service's secrets.
type Credentials struct {
	// Secret signs a webhook's deliveries (whsec_ and base64).
	Secret string
	// PreviousSecret still signs until PreviousSecretExpires, after a
	// rotation, so receivers can switch without losing deliveries.
	PreviousSecret        string
	PreviousSecretExpires time.Time
	// APIKey is the other instance's API key (vidhost).
	APIKey string
	// AccessKeyID and SecretAccessKey sign S3 requests (s3).
	AccessKeyID     string
	SecretAccessKey string
}

// serviceTypes lists the types and the fields each takes besides name.
var serviceTypes = map[string][]string{
	TypeWebhook: {"url"},
	TypeVidhost: {"base_url", "api_key"},
	TypeS3:      {"endpoint", "region", "bucket", "prefix", "access_key_id", "secret_access_key"},
}

var (
	regionPattern = regexp.MustCompile(apirules.ServiceRegionPattern)
	bucketPattern = regexp.MustCompile(apirules.ServiceBucketPattern)
	prefixPattern = regexp.MustCompile(apirules.ServicePrefixPattern)
)

// typedFields are the type-specific fields of s by name, in the order
// errors report them.
func (s Target) typedFields() [][2]string {
	return [][2]string{
		{"url", s.URL}, {"base_url", s.BaseURL}, {"api_key", s.Credentials.APIKey},
		{"endpoint", s.Endpoint}, {"region", s.Region}, {"bucket", s.Bucket}, {"prefix", s.Prefix},
		{"access_key_id", s.Credentials.AccessKeyID}, {"secret_access_key", s.Credentials.SecretAccessKey},
	}
}

// validateNew checks a service a client creates: its type, no field of
// another type, then the fields of its own.
func (s Target) validateNew(urls netguard.URLPolicy) error {
	if err := validate.Length("name", s.Name, ServiceNameMax); err != nil {
		return err
	}
	fields, ok := serviceTypes[s.Type]
	if !ok {
		return apperr.InvalidField("type", "must be webhook, vidhost or s3")
	}
	for _, field := range s.typedFields() {
		if field[1] != "" && !slices.Contains(fields, field[0]) {
			return apperr.InvalidField(field[0], "is not %s field", aService(s.Type))
		}
	}
	return s.validate(urls)
}

// validate checks the fields of s's type.
func (s Target) validate(urls netguard.URLPolicy) error {
	if err := validate.Length("name", s.Name, ServiceNameMax); err != nil {
		return err
	}
	switch s.Type {
	case TypeWebhook:
		return checkURL("url", s.URL, urls)
	case TypeVidhost:
		return validate.First(
			checkURL("base_url", s.BaseURL, urls),
			validate.Length("api_key", s.Credentials.APIKey, APIKeyMax),
		)
	case TypeS3:
		return validate.First(
			checkURL("endpoint", s.Endpoint, urls),
			requiredPattern("region", s.Region, regionPattern, "1-64 lowercase letters, digits or hyphens"),
			requiredPattern("bucket", s.Bucket, bucketPattern, "a bucket name: 3-63 lowercase letters, digits, dots or hyphens"),
			checkPrefix("prefix", s.Prefix),
			validate.Length("access_key_id", s.Credentials.AccessKeyID, AccessKeyIDMax),
			validate.Length("secret_access_key", s.Credentials.SecretAccessKey, SecretAccessKeyMax),
		)
	}
	return apperr.InvalidField("type", "must be webhook, vidhost or s3")
}

// requiredPattern requires a value matching pattern, whose empty match is
// for services of other types.
func requiredPattern(field, value string, pattern *regexp.Regexp, rule string) error {
	if value == "" {
		return apperr.InvalidField(field, "must be %s", rule)
	}
	return validate.Pattern(field, value, pattern, rule)
}

// checkURL applies the SSRF rules for URLs saved now and called later.
func checkURL(field, value string, urls netguard.URLPolicy) error {
	if rule := urls.Check(value); rule != "" {
		return apperr.InvalidField(field, "%s", rule)
	}
	return nil
}

// checkPrefix allows an object key prefix that stays inside the bucket's
// folder it names: no leading slash, no . or .. segment.
func checkPrefix(field, value string) error {
	const rule = "must be at most 200 characters: letters, digits, _ . - and / between segments, none of them . or .."
	if len(value) > PrefixMax || !prefixPattern.MatchString(value) || strings.HasPrefix(value, "/") {
		return apperr.InvalidField(field, rule)
	}
	for _, segment := range strings.Split(strings.TrimSuffix(value, "/"), "/") {
		if value != "" && (segment == "" || segment == "." || segment == "..") {
			return apperr.InvalidField(field, rule)
		}
	}
	return nil
}

// aService names a service of type t in a message: "a webhook service",
// "an s3 service".
func aService(t string) string {
	if t == TypeS3 {
		return "an s3 service"
	}
	return "a " + t + " service"
}
