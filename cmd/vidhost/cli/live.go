package cli

import (
	"context"
	"fmt"
	"io"
	"net/url"
	"strings"

	"github.com/spf13/cobra"

	vidhost "github.com/vidhost/vidhost/sdk/go"
)

// liveHelp is the long help of `vidhost live`: how an event goes live.
const liveHelp = `A live event is a video of type "event" (docs/live.md). Create one, point a
publisher (OBS, ffmpeg, a hardware encoder) at its RTMP or SRT URL with its
stream key, and the event goes preparing -> live while it streams, then
processing -> ready: the recording becomes an ordinary video.

  vidhost live create --name Launch
  ffmpeg -re -i show.mp4 -c:v libx264 -g 60 -c:a aac -f flv "<the RTMP URL it printed>"
  vidhost videos get EVENT_ID

The stream key is a secret: anyone holding it can go live on the event.
'rotate-key' replaces it (a publisher on the old key is cut within 5 s),
'revoke-key' refuses it until the next rotation. Creating events needs a
plan with live streaming. 'restreams' sends the event on to other platforms
(YouTube, Twitch, your own server) as it arrives.`

// liveEventOut is an event as printed: the video, its stream key, and
// where to follow it.
type liveEventOut struct {
	*vidhost.Video
	StreamKey    *vidhost.StreamKey `json:"stream_key"`
	DashboardURL string             `json:"dashboard_url"`
	WatchURL     string             `json:"watch_url"`
}

func (e liveEventOut) human(w io.Writer) {
	fmt.Fprintf(w, "%s %q: %s\n", e.ID, e.Name, e.Status)
	streamKeyOut{e.StreamKey}.lines(w)
	fmt.Fprintf(w, "  dashboard  %s\n  watch      %s\n", e.DashboardURL, e.WatchURL)
}

// streamKeyOut is a stream key as printed.
type streamKeyOut struct{ *vidhost.StreamKey }

func (k streamKeyOut) human(w io.Writer) {
	fmt.Fprintf(w, "stream key of %s", k.VideoID)
	if k.Revoked {
		fmt.Fprint(w, " (revoked: run 'vidhost live rotate-key "+k.VideoID+"' to go live again)")
	}
	fmt.Fprintln(w)
	k.lines(w)
}

// lines are the key and the ingest settings a publisher needs.
func (k streamKeyOut) lines(w io.Writer) {
	fmt.Fprintf(w, "  key        %s\n  rtmp       %s\n", k.Key, k.RTMPURL)
	if k.SRTURL != "" {
		fmt.Fprintf(w, "  srt        %s\n", k.SRTURL)
	}
	fmt.Fprintf(w, "  OBS        Server %s, Stream Key the key; keyframe interval 2 s\n", obsServer(k.RTMPURL))
}

// obsServer is OBS's Server setting: the RTMP URL without the key, its
// last path segment.
func obsServer(rtmpURL string) string {
	if i := strings.LastIndex(rtmpURL, "/"); i > len("rtmp://") {
		return rtmpURL[:i]
	}
	return rtmpURL
}

func (a *app) liveCommand() *cobra.Command {
	live := group("live", "Create live events and manage their stream keys")
	live.Long = liveHelp
	live.AddCommand(a.liveCreateCommand(), a.liveListCommand(),
		a.streamKeyCommand("key", "Show a live event's stream key and ingest URLs", streamKey),
		a.streamKeyCommand("rotate-key", "Give a live event a new stream key (the old one stops working)", rotateStreamKey),
		a.streamKeyCommand("revoke-key", "Refuse a live event's stream key until it is rotated", revokeStreamKey),
		a.restreamsCommand())
	return live
}

func (a *app) liveCreateCommand() *cobra.Command {
	in := vidhost.VideoCreate{Type: vidhost.TypeEvent}
	create := &cobra.Command{
		Use: "create --name NAME [--privacy PRIVACY]", Short: "Create a live event and show where to publish to", Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			return a.report(withClient(a, func(cl *vidhost.Client) (result, error) {
				v, err := cl.Videos.Create(c.Context(), in)
				if err != nil {
					return nil, err
				}
				return liveEvent(c.Context(), cl, v)
			}))
		},
	}
	create.Flags().StringVar(&in.Name, "name", "", "the event's name (1-100 characters)")
	create.Flags().StringVar(&in.Privacy, "privacy", "", "public, unlisted or private (default: unlisted)")
	_ = create.MarkFlagRequired("name")
	return create
}

// liveEvent adds the event's stream key and links to the event.
func liveEvent(ctx context.Context, cl *vidhost.Client, v *vidhost.Video) (result, error) {
	key, err := cl.Videos.StreamKey(ctx, v.ID)
	if err != nil {
		return nil, err
	}
	return liveEventOut{Video: v, StreamKey: key, DashboardURL: cl.BaseURL() + "/live/" + url.PathEscape(v.ID), WatchURL: cl.WatchURL(v.ID)}, nil
}

func (a *app) liveListCommand() *cobra.Command {
	var limit int
	ls := &cobra.Command{
		Use: "ls", Aliases: []string{"list"}, Short: "List the account's live events, newest first", Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			return a.report(withClient(a, func(cl *vidhost.Client) (result, error) {
				filter := url.Values{"type": {vidhost.TypeEvent}, "sort": {"-created_time"}}
				items, err := take(cl.Videos.List(c.Context(), &vidhost.ListOptions{Filter: filter}), limit)
				return list[vidhost.Video]{Items: items, table: func(w io.Writer) {
					fmt.Fprintln(w, "ID\tNAME\tSTATUS\tDURATION\tPRIVACY\tCREATED")
					for _, v := range items {
						fmt.Fprintf(w, "%s\t%s\t%s\t%.1f s\t%s\t%s\n", v.ID, v.Name, v.Status, v.Duration, v.Privacy, v.CreatedTime)
					}
				}}, err
			}))
		},
	}
	ls.Flags().IntVar(&limit, "limit", 0, "show at most this many (0: all)")
	return ls
}

// streamKeyCommand is one of the commands on an event's stream key.
func (a *app) streamKeyCommand(use, short string, do func(context.Context, *vidhost.Client, string) (result, error)) *cobra.Command {
	return &cobra.Command{
		Use: use + " EVENT_ID", Short: short, Args: exactArgs("EVENT_ID"),
		ValidArgsFunction: a.completeVideos,
		RunE: func(c *cobra.Command, args []string) error {
			return a.report(withClient(a, func(cl *vidhost.Client) (result, error) { return do(c.Context(), cl, args[0]) }))
		},
	}
}

func streamKey(ctx context.Context, cl *vidhost.Client, id string) (result, error) {
	key, err := cl.Videos.StreamKey(ctx, id)
	if err != nil {
		return nil, err
	}
	return streamKeyOut{key}, nil
}

func rotateStreamKey(ctx context.Context, cl *vidhost.Client, id string) (result, error) {
	key, err := cl.Videos.RotateStreamKey(ctx, id)
	if err != nil {
		return nil, err
	}
	return streamKeyOut{key}, nil
}

func revokeStreamKey(ctx context.Context, cl *vidhost.Client, id string) (result, error) {
	if err := cl.Videos.RevokeStreamKey(ctx, id); err != nil {
		return nil, err
	}
	return streamKey(ctx, cl, id)
}
