package cli

import (
	"context"
	"sort"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	identityv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
)

// callTimeout bounds each call to identity.
const callTimeout = 30 * time.Second

// command is one admin command: its flags and what it does once connected.
type command struct {
	short      string   // one line for the help
	positional []string // names of its arguments, for the usage message
	flags      func(fs *pflag.FlagSet) func() error
	run        func(ctx context.Context, c identityv1.IdentityAdminServiceClient, args []string) (result, error)
}

// adminCommand is `vidhost admin`: the operator's commands, which call
// identity over gRPC with the root secret rather than /v2 with a key.
func (a *app) adminCommand() *cobra.Command {
	admin := group("admin", "Operator commands: accounts and their plans (docs/operator.md)")
	admin.Long = `Operator commands: they call the identity service directly, signed with the
installation's root secret. Identity is found through --identity-addr,
VIDHOST_IDENTITY_ADDR or var/devstack.env; the root secret through
VIDHOST_INTERNAL_SECRET or var/devstack.env. On a single server
(docs/single-node.md), --config /etc/vidhost/vidhost.env finds both through
the running server's DATA/server.env. See docs/operator.md.`
	var addr string
	admin.PersistentFlags().StringVar(&a.serverConfig, "config", "", "a single server's configuration file, e.g. /etc/vidhost/vidhost.env")
	admin.PersistentFlags().StringVar(&addr, "identity-addr", "", "identity's gRPC address (default: VIDHOST_IDENTITY_ADDR, then var/devstack.env)")
	groups := map[string]*cobra.Command{}
	cmds := commands()
	names := make([]string, 0, len(cmds))
	for name := range cmds {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		noun, verb, _ := strings.Cut(name, " ")
		parent := groups[noun]
		if parent == nil {
			parent = group(noun, "Operator commands on "+noun)
			groups[noun] = parent
			admin.AddCommand(parent)
		}
		parent.AddCommand(a.adminLeaf(verb, cmds[name], &addr))
	}
	admin.AddCommand(a.backupCommands()...)
	return admin
}

// adminLeaf is one admin command as cobra runs it.
func (a *app) adminLeaf(verb string, cmd command, addr *string) *cobra.Command {
	leaf := &cobra.Command{
		Use:   strings.TrimSpace(verb + " " + strings.Join(cmd.positional, " ")),
		Short: cmd.short,
		Args:  exactArgs(cmd.positional...),
	}
	check := func() error { return nil }
	if cmd.flags != nil {
		check = cmd.flags(leaf.Flags())
	}
	leaf.PreRunE = func(*cobra.Command, []string) error { return check() }
	leaf.RunE = func(c *cobra.Command, args []string) error {
		return a.report(a.runAdmin(c.Context(), cmd, *addr, args))
	}
	return leaf
}

func (a *app) runAdmin(ctx context.Context, cmd command, addr string, args []string) (result, error) {
	t, err := resolve(a.env, addr, a.serverConfig)
	if err != nil {
		return nil, err
	}
	conn, err := t.dial()
	if err != nil {
		return nil, err
	}
	defer conn.Close()
	ctx, cancel := context.WithTimeout(ctx, callTimeout)
	defer cancel()
	return cmd.run(ctx, identityv1.NewIdentityAdminServiceClient(conn), args)
}
