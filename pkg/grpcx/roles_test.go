package grpcx

import (
	"flag"
	"fmt"
	"net/http"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/envelope"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/pkg/roles"
)

var updateDocs = flag.Bool("update", false, "rewrite the role table of docs/roles.md from Policy")

// TestEveryAccountMethodHasARole fails when a method a person can reach
// (one acting for an account) names no role, or a known one is misspelt.
func TestEveryAccountMethodHasARole(t *testing.T) {
	for method, rule := range Policy {
		if rule.Account {
			assert.True(t, roles.Known(rule.Role), "%s acts for an account but its rule names no known role (%q)", method, rule.Role)
		} else {
			assert.Empty(t, rule.Role, "%s acts for no account: a role would never apply", method)
		}
	}
}

func TestRoleRefusal(t *testing.T) {
	rule := Rule{Callers: byGateway, Account: true, Write: true, Role: roles.Uploader}
	person := func(role string) principal.Principal {
		return principal.Principal{AccountID: "acc", ActorType: principal.ActorUser, Role: role}
	}
	key := func(role string) principal.Principal {
		return principal.Principal{AccountID: "acc", ActorType: principal.ActorAPIKey, Role: role}
	}
	tests := []struct {
		name    string
		p       principal.Principal
		wantMsg string
	}{
		{"uploader", person(roles.Uploader), ""},
		{"owner", person(roles.Owner), ""},
		{"viewer", person(roles.Viewer), "your role (viewer) cannot do this; it needs uploader or higher"},
		{"no role", person(""), "your role (none) cannot do this; it needs uploader or higher"},
		{"unknown role", person("root"), "your role (none) cannot do this; it needs uploader or higher"},
		{"owner api key", key(roles.Owner), ""},
		{"uploader api key", key(roles.Uploader), ""},
		{"viewer api key", key(roles.Viewer), "this API key's role (viewer) cannot do this; it needs uploader or higher"},
		{"api key with no role", key(""), "this API key's role (none) cannot do this; it needs uploader or higher"},
		{"system", principal.Principal{AccountID: "acc", ActorType: principal.ActorSystem}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := rule.RoleRefusal(tt.p)
			if tt.wantMsg == "" {
				assert.NoError(t, err)
				return
			}
			assert.EqualError(t, err, tt.wantMsg)
			_, refusal := authorize(map[string]Rule{writeMethod: rule}, principal.Call{Caller: Gateway, Method: writeMethod, Principal: tt.p})
			assert.True(t, RefusedByRole(refusal), "%v", refusal)
			// What a client sees through the gateway.
			mapped := envelope.FromError(refusal)
			assert.Equal(t, http.StatusForbidden, mapped.HTTPStatus)
			assert.Equal(t, apperr.CodeRoleForbidden, mapped.Error.Code)
			assert.Equal(t, tt.wantMsg, mapped.Error.Message)
		})
	}
}

// TestRolesDoc keeps the table of docs/roles.md the same as Policy's
// roles; go test ./pkg/grpcx -run TestRolesDoc -update rewrites it.
func TestRolesDoc(t *testing.T) {
	const path = "../../docs/roles.md"
	doc, err := os.ReadFile(path)
	require.NoError(t, err)
	before, rest, ok := strings.Cut(string(doc), tableStart)
	require.True(t, ok, "docs/roles.md lacks %q", tableStart)
	_, after, ok := strings.Cut(rest, tableEnd)
	require.True(t, ok, "docs/roles.md lacks %q", tableEnd)
	want := before + tableStart + "\n" + roleTable() + tableEnd + after
	if *updateDocs {
		require.NoError(t, os.WriteFile(path, []byte(want), 0o644))
		return
	}
	assert.Equal(t, want, string(doc), "docs/roles.md and grpcx.Policy disagree: go test ./pkg/grpcx -run TestRolesDoc -update")
}

const (
	tableStart = "<!-- role table: generated from grpcx.Policy by TestRolesDoc -->"
	tableEnd   = "<!-- end of role table -->"
)

// roleTable renders every account-scoped rule: service, method, least role.
func roleTable() string {
	var b strings.Builder
	b.WriteString("| service | method | least role | writes |\n|---|---|---|---|\n")
	methods := make([]string, 0, len(Policy))
	for m, r := range Policy {
		if r.Account {
			methods = append(methods, m)
		}
	}
	slices.Sort(methods)
	for _, m := range methods {
		service, name := "upload (tus)", m
		if strings.HasPrefix(m, "/") {
			full := strings.Split(strings.TrimPrefix(m, "/"), "/")
			service, name = full[0][strings.LastIndex(full[0], ".")+1:], full[1]
		}
		writes := ""
		if Policy[m].Write {
			writes = "yes"
		}
		fmt.Fprintf(&b, "| %s | `%s` | %s | %s |\n", service, name, Policy[m].Role, writes)
	}
	return b.String()
}
