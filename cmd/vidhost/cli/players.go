package cli

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	vidhost "github.com/vidhost/vidhost/sdk/go"
)

// playerOut is a player as printed.
type playerOut struct{ *vidhost.Player }

func (p playerOut) human(w io.Writer) {
	fmt.Fprintf(w, "%s %q: autoplay %t, muted %t, controls %v\n", p.ID, p.Name, p.Autoplay, p.Muted, p.Controls)
}

// playerCreate is the body of POST /v2/players as the flags fill it.
type playerCreate struct {
	Name     string `json:"name"`
	Autoplay bool   `json:"autoplay"`
	Muted    bool   `json:"muted"`
	Colour   string `json:"colour,omitempty"`
}

func (a *app) playersCommand() *cobra.Command {
	players := group("players", "List, show, create and delete players", "player")
	ls := &cobra.Command{
		Use: "ls", Aliases: []string{"list"}, Short: "List the account's players", Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			return a.report(withClient(a, func(cl *vidhost.Client) (result, error) {
				items, err := take(cl.Players.List(c.Context(), nil), 0)
				return list[vidhost.Player]{Items: items, table: func(w io.Writer) {
					fmt.Fprintln(w, "ID\tNAME\tAUTOPLAY\tMUTED\tCREATED")
					for _, p := range items {
						fmt.Fprintf(w, "%s\t%s\t%t\t%t\t%s\n", p.ID, p.Name, p.Autoplay, p.Muted, p.CreatedTime)
					}
				}}, err
			}))
		},
	}
	get := &cobra.Command{
		Use: "get PLAYER_ID", Short: "Show a player", Args: exactArgs("PLAYER_ID"),
		RunE: func(c *cobra.Command, args []string) error {
			return a.report(withClient(a, func(cl *vidhost.Client) (result, error) {
				p, err := cl.Players.Get(c.Context(), args[0])
				if err != nil {
					return nil, err
				}
				return playerOut{p}, nil
			}))
		},
	}
	var in playerCreate
	create := &cobra.Command{
		Use: "create --name NAME", Short: "Create a player (other settings take their defaults)", Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			return a.report(withClient(a, func(cl *vidhost.Client) (result, error) {
				p, err := cl.Players.Create(c.Context(), in)
				if err != nil {
					return nil, err
				}
				return playerOut{p}, nil
			}))
		},
	}
	create.Flags().StringVar(&in.Name, "name", "", "the player's name (1-50 characters)")
	create.Flags().BoolVar(&in.Autoplay, "autoplay", false, "start playing on load")
	create.Flags().BoolVar(&in.Muted, "muted", false, "start muted")
	create.Flags().StringVar(&in.Colour, "colour", "", "accent colour, #rrggbb")
	_ = create.MarkFlagRequired("name")
	rm := &cobra.Command{
		Use: "rm PLAYER_ID...", Aliases: []string{"delete"}, Short: "Delete players", Args: cobra.MinimumNArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			return a.report(withClient(a, func(cl *vidhost.Client) (result, error) {
				return deleteAll(c.Context(), cl.Players, args)
			}))
		},
	}
	players.AddCommand(ls, get, create, rm)
	return players
}
