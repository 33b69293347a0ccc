package cli

import (
	"errors"

	"github.com/spf13/cobra"

	"github.com/vidhost/vidhost/pkg/buildinfo"
)

// root is `vidhost`: the developer's commands over the /v2 API, and the
// operator's under `admin`.
func (a *app) root() *cobra.Command {
	root := &cobra.Command{
		Use:   "vidhost",
		Short: "Manage videos, uploads, players and keys of a Vidhost account",
		Long: `vidhost talks to a Vidhost installation's /v2 API with an API key
(docs/cli.md), and to its identity service for the operator's admin commands
(docs/operator.md).

The URL and key come from VIDHOST_URL and VIDHOST_API_KEY when set, else from
'vidhost login', else from var/devstack.env in the working directory.`,
		Version:           buildinfo.Version(),
		SilenceErrors:     true,
		SilenceUsage:      true,
		Args:              cobra.NoArgs,
		CompletionOptions: cobra.CompletionOptions{HiddenDefaultCmd: false},
		RunE: func(cmd *cobra.Command, _ []string) error {
			cmd.SetOut(a.stderr)
			_ = cmd.Usage()
			return errors.New("a command is required")
		},
	}
	root.PersistentFlags().BoolVar(&a.json, "json", false, "print one JSON object instead of text")
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return err })
	root.AddCommand(a.loginCommand(), a.videosCommand(), a.uploadCommand(), a.keysCommand(),
		a.playersCommand(), a.jwtCommand(), a.liveCommand(), a.adminCommand())
	return root
}
