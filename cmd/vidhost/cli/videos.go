package cli

import (
	"context"
	"fmt"
	"io"
	"iter"
	"text/tabwriter"

	"github.com/spf13/cobra"

	vidhost "github.com/vidhost/vidhost/sdk/go"
)

// videoOut is a video as printed: the API's fields plus its watch page.
type videoOut struct {
	*vidhost.Video
	WatchURL string `json:"watch_url"`
}

func (v videoOut) human(w io.Writer) {
	fmt.Fprintf(w, "%s %q: %s", v.ID, v.Name, v.Status)
	if v.Status == vidhost.StatusProcessing {
		fmt.Fprintf(w, " %d%%", v.Progress)
	}
	if v.StatusReason != "" {
		fmt.Fprintf(w, " (%s)", v.StatusReason)
	}
	fmt.Fprintf(w, ", %s, %.1f s\n", v.Privacy, v.Duration)
	for _, o := range v.Outputs {
		fmt.Fprintf(w, "  %-6s %s\n", o.Label, o.URL)
	}
	fmt.Fprintf(w, "  watch  %s\n", v.WatchURL)
}

// list is any list as printed: {"items": [...]} with --json, a table otherwise.
type list[T any] struct {
	Items []T             `json:"items"`
	table func(io.Writer) `json:"-"`
}

func (l list[T]) human(w io.Writer) {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	l.table(tw)
	_ = tw.Flush()
}

// deleted is the result of rm commands.
type deleted struct {
	Deleted []string `json:"deleted"`
}

func (d deleted) human(w io.Writer) {
	for _, id := range d.Deleted {
		fmt.Fprintf(w, "deleted %s\n", id)
	}
}

func (a *app) videosCommand() *cobra.Command {
	videos := group("videos", "List, show and delete videos", "video")
	var limit int
	ls := &cobra.Command{
		Use: "ls", Aliases: []string{"list"}, Short: "List the account's videos", Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error { return a.report(a.listVideos(c.Context(), limit)) },
	}
	ls.Flags().IntVar(&limit, "limit", 0, "show at most this many (0: all)")
	get := &cobra.Command{
		Use: "get VIDEO_ID", Short: "Show a video", Args: exactArgs("VIDEO_ID"),
		ValidArgsFunction: a.completeVideos,
		RunE: func(c *cobra.Command, args []string) error {
			return a.report(withClient(a, func(cl *vidhost.Client) (result, error) {
				v, err := cl.Videos.Get(c.Context(), args[0])
				if err != nil {
					return nil, err
				}
				return videoOut{Video: v, WatchURL: cl.WatchURL(v.ID)}, nil
			}))
		},
	}
	rm := &cobra.Command{
		Use: "rm VIDEO_ID...", Aliases: []string{"delete"}, Short: "Delete videos", Args: cobra.MinimumNArgs(1),
		ValidArgsFunction: a.completeVideos,
		RunE: func(c *cobra.Command, args []string) error {
			return a.report(withClient(a, func(cl *vidhost.Client) (result, error) {
				return deleteAll(c.Context(), cl.Videos.Collection, args)
			}))
		},
	}
	videos.AddCommand(ls, get, rm)
	return videos
}

func (a *app) listVideos(ctx context.Context, limit int) (result, error) {
	return withClient(a, func(cl *vidhost.Client) (result, error) {
		items, err := take(cl.Videos.List(ctx, nil), limit)
		out := list[vidhost.Video]{Items: items, table: func(w io.Writer) {
			fmt.Fprintln(w, "ID\tNAME\tSTATUS\tDURATION\tPRIVACY\tCREATED")
			for _, v := range items {
				fmt.Fprintf(w, "%s\t%s\t%s\t%.1f s\t%s\t%s\n", v.ID, v.Name, v.Status, v.Duration, v.Privacy, v.CreatedTime)
			}
		}}
		return out, err
	})
}

// withClient runs fn with the SDK client of the saved or given credentials.
func withClient(a *app, fn func(*vidhost.Client) (result, error)) (result, error) {
	cl, err := a.client()
	if err != nil {
		return nil, err
	}
	return fn(cl)
}

// take gathers at most limit items (all when limit is 0).
func take[T any](seq iter.Seq2[T, error], limit int) ([]T, error) {
	items := []T{}
	for item, err := range seq {
		if err != nil {
			return nil, err
		}
		items = append(items, item)
		if limit > 0 && len(items) == limit {
			break
		}
	}
	return items, nil
}

// deleteAll deletes each id in turn, stopping at the first failure.
func deleteAll[T any](ctx context.Context, col *vidhost.Collection[T], ids []string) (result, error) {
	out := deleted{Deleted: []string{}}
	for _, id := range ids {
		if err := col.Delete(ctx, id); err != nil {
			return nil, fmt.Errorf("%s: %w", id, err)
		}
		out.Deleted = append(out.Deleted, id)
	}
	return out, nil
}

// completeVideos offers the account's video ids (with their names) to the
// shell's completion, when credentials are at hand.
func (a *app) completeVideos(c *cobra.Command, _ []string, _ string) ([]string, cobra.ShellCompDirective) {
	cl, err := a.client()
	if err != nil {
		return nil, cobra.ShellCompDirectiveNoFileComp
	}
	items, _ := take(cl.Videos.List(c.Context(), nil), 100)
	ids := make([]string, 0, len(items))
	for _, v := range items {
		ids = append(ids, v.ID+"\t"+v.Name)
	}
	return ids, cobra.ShellCompDirectiveNoFileComp
}
