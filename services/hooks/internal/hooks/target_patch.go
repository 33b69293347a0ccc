package hooks

import (
	"slices"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/validate"
)

// TargetPatch is a PATCH of a service (a webhook target): the fields named in Paths (proto
// field names, from the update mask) are copied from Values.
type TargetPatch struct {
	Paths  []string
	Values Target
}

// apply returns current changed as p says, or the first field p may not
// change.
func (p TargetPatch) apply(current Target) (Target, error) {
	fields := serviceTypes[current.Type]
	updatable := func(path string) bool {
		return path == "name" || path == "type" || path == "secret" || slices.Contains(fields, path)
	}
	if err := validate.Mask(p.Paths, updatable, aService(current.Type)); err != nil {
		return Target{}, err
	}
	next, v := current, p.Values
	for _, path := range p.Paths {
		switch path {
		case "type":
			if v.Type != current.Type {
				return Target{}, apperr.InvalidField("type", "cannot be changed: create another service")
			}
		case "secret":
			return Target{}, apperr.InvalidField("secret", "is changed with POST /v2/services/{id}/rotate_secret")
		case "name":
			next.Name = v.Name
		case "url":
			next.URL = v.URL
		case "base_url":
			next.BaseURL = v.BaseURL
		case "api_key":
			next.Credentials.APIKey = v.Credentials.APIKey
		case "endpoint":
			next.Endpoint = v.Endpoint
		case "region":
			next.Region = v.Region
		case "bucket":
			next.Bucket = v.Bucket
		case "prefix":
			next.Prefix = v.Prefix
		case "access_key_id":
			next.Credentials.AccessKeyID = v.Credentials.AccessKeyID
		case "secret_access_key":
			next.Credentials.SecretAccessKey = v.Credentials.SecretAccessKey
		}
	}
	return next, nil
}
