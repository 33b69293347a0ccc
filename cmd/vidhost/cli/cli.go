package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"google.golang.org/grpc/status"

	"github.com/vidhost/vidhost/pkg/apperr"
	identityv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
)

// Exit codes: a usage mistake differs from a refused or failed call.
const (
	exitOK     = 0
	exitFailed = 1
	exitUsage  = 2
)

// callTimeout bounds each call to identity.
const callTimeout = 30 * time.Second

const usage = `usage: vidhost admin <command> [--json] [--identity-addr ADDR]

commands:
  accounts create --name NAME --owner-email EMAIL [--plan free|pro|enterprise]
  accounts list
  accounts set-plan ACCOUNT_ID PLAN
  accounts disable ACCOUNT_ID
  accounts enable ACCOUNT_ID
  keys recover ACCOUNT_ID

Identity is found through --identity-addr, VIDHOST_IDENTITY_ADDR or
var/devstack.env; the root secret through VIDHOST_INTERNAL_SECRET or
var/devstack.env. See docs/operator.md.
`

// command is one admin command: its flags and what it does once connected.
type command struct {
	positional []string // names of its arguments, for the usage message
	flags      func(fs *flag.FlagSet) func() error
	run        func(ctx context.Context, c identityv1.IdentityAdminServiceClient, args []string) (result, error)
}

// result is what a command prints: as one JSON object, or as lines.
type result interface {
	human(w io.Writer)
}

// Run runs vidhost with args and returns the exit code.
func Run(ctx context.Context, args []string, env Env, stdout, stderr io.Writer) int {
	if len(args) < 3 || args[0] != "admin" {
		fmt.Fprint(stderr, usage)
		return exitUsage
	}
	name := args[1] + " " + args[2]
	cmd, ok := commands()[name]
	if !ok {
		fmt.Fprintf(stderr, "vidhost: unknown command %q\n\n%s", "admin "+name, usage)
		return exitUsage
	}
	fs := flag.NewFlagSet("vidhost admin "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print one JSON object")
	addr := fs.String("identity-addr", "", "identity's gRPC address (default: VIDHOST_IDENTITY_ADDR, then var/devstack.env)")
	check := func() error { return nil }
	if cmd.flags != nil {
		check = cmd.flags(fs)
	}
	positional, err := parseInterleaved(fs, args[3:])
	if err == nil && len(positional) != len(cmd.positional) {
		err = fmt.Errorf("expects %d argument(s): %s", len(cmd.positional), strings.Join(cmd.positional, " "))
	}
	if err == nil {
		err = check()
	}
	if err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintf(stderr, "vidhost admin %s: %v\n", name, err)
		}
		return exitUsage
	}
	out := printer{json: *asJSON, stdout: stdout, stderr: stderr}
	t, err := resolve(env, *addr)
	if err != nil {
		return out.fail(err)
	}
	conn, err := t.dial()
	if err != nil {
		return out.fail(err)
	}
	defer conn.Close()
	ctx, cancel := context.WithTimeout(ctx, callTimeout)
	defer cancel()
	res, err := cmd.run(ctx, identityv1.NewIdentityAdminServiceClient(conn), positional)
	if err != nil {
		return out.fail(err)
	}
	return out.print(res)
}

// parseInterleaved parses flags wherever they stand among the positional
// arguments (`set-plan ID pro --json`), which flag.Parse alone stops at.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		if fs.NArg() == 0 {
			return positional, nil
		}
		positional = append(positional, fs.Arg(0))
		args = fs.Args()[1:]
	}
}

// errorMessage is what the operator is shown for err: a service's documented
// code (docs/errors.md) and message (which names the field and rule), or the
// error itself.
func errorMessage(err error) (code, message string) {
	if st, ok := status.FromError(err); ok {
		return apperr.CodeOf(st), st.Message()
	}
	return "error", err.Error()
}
