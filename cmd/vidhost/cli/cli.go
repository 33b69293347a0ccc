package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"

	"github.com/spf13/cobra"
)

// Exit codes: a usage mistake differs from a refused or failed call.
const (
	exitOK     = 0
	exitFailed = 1
	exitUsage  = 2
)

// Env is what the command reads from its surroundings; tests give each run
// its own.
type Env struct {
	// Getenv reads the environment (os.Getenv).
	Getenv func(string) string
	// Dir is the working directory: from a checkout with the devstack up,
	// Dir/var/devstack.env says where the suite is.
	Dir string
	// ConfigDir holds vidhost/config.json (login); empty means
	// os.UserConfigDir().
	ConfigDir string
	// CacheDir holds vidhost/uploads/ (resumable uploads); empty means
	// os.UserCacheDir().
	CacheDir string
	// Stdin answers login's questions.
	Stdin io.Reader
	// HTTPClient, when set, carries every /v2 request (tests inject faults
	// through it); nil is a plain http.Client.
	HTTPClient *http.Client
}

// errReported is a failure already printed (as text or one JSON object).
var errReported = errors.New("reported")

// Run runs vidhost with args and returns the exit code.
func Run(ctx context.Context, args []string, env Env, stdout, stderr io.Writer) int {
	if env.Stdin == nil {
		env.Stdin = os.Stdin
	}
	a := &app{env: env, stdout: stdout, stderr: stderr}
	root := a.root()
	root.SetArgs(args)
	root.SetOut(stdout)
	root.SetErr(stderr)
	err := root.ExecuteContext(ctx)
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, errReported):
		return exitFailed
	default: // cobra's own refusals: unknown commands and flags, wrong arguments
		fmt.Fprintf(stderr, "vidhost: %v\nRun 'vidhost --help' for usage.\n", err)
		return exitUsage
	}
}

// app is one run of the command: where it reads and writes, and the
// options every command shares.
type app struct {
	env            Env
	stdout, stderr io.Writer
	json           bool
	// serverConfig is `vidhost admin --config`: a single-server
	// installation's configuration file (vidhost-server).
	serverConfig string
}

// printer prints results the way this run was asked to.
func (a *app) printer() printer {
	return printer{json: a.json, stdout: a.stdout, stderr: a.stderr}
}

// report prints a result or an error and tells cobra how it went.
func (a *app) report(res result, err error) error {
	p := a.printer()
	if err != nil {
		p.fail(err)
		return errReported
	}
	if p.print(res) != exitOK {
		return errReported
	}
	return nil
}

// exactArgs refuses a wrong number of arguments with their names.
func exactArgs(names ...string) cobra.PositionalArgs {
	return func(_ *cobra.Command, args []string) error {
		if len(args) != len(names) {
			return fmt.Errorf("expects %d argument(s): %s", len(names), strings.Join(names, " "))
		}
		return nil
	}
}

// group is a command that only holds others: run alone it shows its usage
// and fails, and an unknown subcommand is refused by name.
func group(use, short string, aliases ...string) *cobra.Command {
	return &cobra.Command{
		Use: use, Short: short, Aliases: aliases, Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			cmd.SetOut(cmd.ErrOrStderr())
			_ = cmd.Usage()
			return errors.New("a command is required")
		},
	}
}
