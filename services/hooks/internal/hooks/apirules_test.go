package hooks

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/vidhost/vidhost/pkg/apirules"
)

// A service's create follows the table the OpenAPI document is generated
// from (pkg/apirules): its types, and each length limit passes at its
// value and is refused one past it.
func TestServiceFollowsTheInterfaceTable(t *testing.T) {
	rules := apirules.Messages["vidhost.hooks.v1.CreateServiceRequest"].Fields
	types := make([]string, 0, len(serviceTypes))
	for name := range serviceTypes {
		types = append(types, name)
	}
	assert.ElementsMatch(t, rules["type"].Enum, types)
	checks := map[string]func(string) Target{
		"name":              func(s string) Target { v := s3Service(); v.Name = s; return v },
		"access_key_id":     func(s string) Target { v := s3Service(); v.Credentials.AccessKeyID = s; return v },
		"secret_access_key": func(s string) Target { v := s3Service(); v.Credentials.SecretAccessKey = s; return v },
		"prefix":            func(s string) Target { v := s3Service(); v.Prefix = s; return v },
		"api_key":           func(s string) Target { v := vidhostService(); v.Credentials.APIKey = s; return v },
	}
	for field, service := range checks {
		limit := rules[field].MaxLength
		assert.NoError(t, service(strings.Repeat("a", limit)).validateNew(strictURLs), field)
		assert.Error(t, service(strings.Repeat("a", limit+1)).validateNew(strictURLs), field)
	}
	for field, set := range map[string]func(*Target, string){
		"region": func(v *Target, s string) { v.Region = s },
		"bucket": func(v *Target, s string) { v.Bucket = s },
	} {
		v := s3Service()
		set(&v, "Not Allowed")
		assert.Error(t, v.validateNew(strictURLs), field)
	}
}
