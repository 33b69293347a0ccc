package sso

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/vidhost/vidhost/pkg/apirules"
)

// A provider's create follows the table the OpenAPI document is generated
// from (pkg/apirules): each limit passes at its value and is refused one
// past it, and a padded name counts its padding.
func TestCreateFollowsTheInterfaceTable(t *testing.T) {
	rules := apirules.Messages["vidhost.identity.v1.CreateIdentityProviderRequest"].Fields
	apply := func(change func(*Input)) error {
		in := validInput()
		change(&in)
		return in.apply(&Provider{}, true, IssuerPolicy{})
	}
	texts := map[string]func(*Input, string){
		"name":          func(in *Input, s string) { in.Name = &s },
		"client_id":     func(in *Input, s string) { in.ClientID = &s },
		"client_secret": func(in *Input, s string) { in.ClientSecret = &s },
	}
	for field, set := range texts {
		limit := rules[field].MaxLength
		assert.NoError(t, apply(func(in *Input) { set(in, strings.Repeat("a", limit)) }), field)
		assert.Error(t, apply(func(in *Input) { set(in, " "+strings.Repeat("a", limit)) }), field)
		assert.Error(t, apply(func(in *Input) { set(in, "") }), field)
	}
	domains := func(n int) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = fmt.Sprintf("d%d.example.com", i)
		}
		return out
	}
	most := rules["allowed_domains"].MaxItems
	assert.NoError(t, apply(func(in *Input) { in.AllowedDomains = new(domains(most)) }))
	assert.Error(t, apply(func(in *Input) { in.AllowedDomains = new(domains(most + 1)) }))
	for _, role := range rules["default_role"].Enum {
		assert.NoError(t, apply(func(in *Input) { in.DefaultRole = &role }), role)
	}
}
