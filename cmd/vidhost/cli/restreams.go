package cli

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	vidhost "github.com/vidhost/vidhost/sdk/go"
)

// restreamOut is an output as printed.
type restreamOut struct{ *vidhost.Restream }

func (r restreamOut) human(w io.Writer) {
	fmt.Fprintf(w, "%s %q -> %s: %s\n", r.ID, r.Name, r.URL, restreamState(*r.Restream))
}

// restreamState is an output's state in words: paused, or the live
// service's state and why it fails.
func restreamState(r vidhost.Restream) string {
	switch {
	case !r.Enabled:
		return "paused"
	case r.Status == "error" && r.StatusReason != "":
		return "error: " + r.StatusReason
	}
	return r.Status
}

// keyWord says whether an output has a key (never the key: it is write-only).
func keyWord(set bool) string {
	if set {
		return "set"
	}
	return "none"
}

func (a *app) restreamsCommand() *cobra.Command {
	restreams := group("restreams", "Send a live event to other platforms (RTMP/RTMPS outputs)", "restream")
	restreams.Long = `An event's restreams receive its stream as it arrives, without re-encoding
(docs/live.md#restreaming-simulcast). The stream key is read from standard input
(--key-stdin), so it stays out of the shell's history and the process list:

  echo "$YOUTUBE_KEY" | vidhost live restreams add EVENT_ID --name YouTube \
    --url rtmps://a.rtmp.youtube.com/live2 --key-stdin`
	restreams.AddCommand(a.restreamListCommand(), a.restreamAddCommand(),
		a.restreamToggleCommand("enable", true), a.restreamToggleCommand("disable", false), a.restreamRemoveCommand())
	return restreams
}

func (a *app) restreamListCommand() *cobra.Command {
	return &cobra.Command{
		Use: "ls EVENT_ID", Aliases: []string{"list"}, Short: "List an event's restreams and their states", Args: exactArgs("EVENT_ID"),
		ValidArgsFunction: a.completeVideos,
		RunE: func(c *cobra.Command, args []string) error {
			return a.report(withClient(a, func(cl *vidhost.Client) (result, error) {
				items, err := take(cl.Videos.Restreams(args[0]).List(c.Context(), nil), 0)
				return list[vidhost.Restream]{Items: items, table: func(w io.Writer) {
					fmt.Fprintln(w, "ID\tNAME\tURL\tKEY\tSTATE")
					for _, r := range items {
						fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\n", r.ID, r.Name, r.URL, keyWord(r.StreamKeySet), restreamState(r))
					}
				}}, err
			}))
		},
	}
}

func (a *app) restreamAddCommand() *cobra.Command {
	var in vidhost.RestreamCreate
	var keyStdin, disabled bool
	add := &cobra.Command{
		Use: "add EVENT_ID --name NAME --url URL [--key-stdin] [--disabled]", Short: "Add a restream to an event", Args: exactArgs("EVENT_ID"),
		ValidArgsFunction: a.completeVideos,
		RunE: func(c *cobra.Command, args []string) error {
			if keyStdin {
				key, err := bufio.NewReader(a.env.Stdin).ReadString('\n')
				if err != nil && err != io.EOF {
					return err
				}
				in.StreamKey = strings.TrimSpace(key)
			}
			if disabled {
				in.Enabled = new(bool)
			}
			return a.report(withClient(a, func(cl *vidhost.Client) (result, error) {
				r, err := cl.Videos.Restreams(args[0]).Create(c.Context(), in)
				return restreamOut{r}, err
			}))
		},
	}
	add.Flags().StringVar(&in.Name, "name", "", "what to call it (1-100 characters)")
	add.Flags().StringVar(&in.URL, "url", "", "the platform's server URL: rtmp:// or rtmps://, without the key")
	add.Flags().BoolVar(&keyStdin, "key-stdin", false, "read the stream key from standard input (one line)")
	add.Flags().BoolVar(&disabled, "disabled", false, "add it paused")
	_ = add.MarkFlagRequired("name")
	_ = add.MarkFlagRequired("url")
	return add
}

func (a *app) restreamToggleCommand(use string, enabled bool) *cobra.Command {
	short := "Resume sending an event to a restream"
	if !enabled {
		short = "Pause a restream (it keeps its settings)"
	}
	return &cobra.Command{
		Use: use + " EVENT_ID RESTREAM_ID", Short: short, Args: exactArgs("EVENT_ID", "RESTREAM_ID"),
		RunE: func(c *cobra.Command, args []string) error {
			return a.report(withClient(a, func(cl *vidhost.Client) (result, error) {
				r, err := cl.Videos.Restreams(args[0]).Update(c.Context(), args[1], vidhost.RestreamUpdate{Enabled: &enabled})
				return restreamOut{r}, err
			}))
		},
	}
}

func (a *app) restreamRemoveCommand() *cobra.Command {
	return &cobra.Command{
		Use: "rm EVENT_ID RESTREAM_ID", Short: "Remove a restream", Args: exactArgs("EVENT_ID", "RESTREAM_ID"),
		RunE: func(c *cobra.Command, args []string) error {
			return a.report(withClient(a, func(cl *vidhost.Client) (result, error) {
				if err := cl.Videos.Restreams(args[0]).Delete(c.Context(), args[1]); err != nil {
					return nil, err
				}
				return deleted{Deleted: []string{args[1]}}, nil
			}))
		},
	}
}
