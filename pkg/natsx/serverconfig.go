package natsx

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/nats-io/nats-server/v2/server"
)

// ServerConfig renders users as the authorization block of a nats-server
// configuration file, for an operator who runs NATS rather than the
// embedded server: the same keys (derived from the root secret) and the
// same rights as StartEmbedded gives them. Users without permissions would
// be unrestricted, so they are refused.
func ServerConfig(users []*server.NkeyUser) (string, error) {
	var b strings.Builder
	b.WriteString("# Vidhost's services, one nkey user each, with the rights of pkg/natsx/permissions.go.\n")
	b.WriteString("authorization {\n  users = [\n")
	for _, u := range users {
		p := u.Permissions
		if p == nil || p.Publish == nil || p.Subscribe == nil {
			return "", fmt.Errorf("natsx: user %s has no permissions", u.Nkey)
		}
		fmt.Fprintf(&b, "    # %s\n    {nkey: %s, permissions: {publish: {allow: %s}, subscribe: {allow: %s}}}\n",
			serviceOf(p), strconv.Quote(u.Nkey), quoteAll(p.Publish.Allow), quoteAll(p.Subscribe.Allow))
	}
	b.WriteString("  ]\n}\n")
	return b.String(), nil
}

// quoteAll is a configuration list of subjects. Quoted, "$JS.API…" is a
// subject, not a variable reference.
func quoteAll(subjects []string) string {
	quoted := make([]string, len(subjects))
	for i, s := range subjects {
		quoted[i] = strconv.Quote(s)
	}
	return "[" + strings.Join(quoted, ", ") + "]"
}

// serviceOf names the service of p for a person reading the file: its
// inbox prefix carries it.
func serviceOf(p *server.Permissions) string {
	for _, subject := range p.Subscribe.Allow {
		if name, ok := strings.CutPrefix(subject, InboxPrefix("")); ok {
			return strings.TrimSuffix(name, ".>")
		}
	}
	return "(unnamed)"
}
