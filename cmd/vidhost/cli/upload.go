package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	vidhost "github.com/vidhost/vidhost/sdk/go"
)

// uploadOptions are the flags of `vidhost upload`.
type uploadOptions struct {
	wait    bool
	timeout time.Duration
	name    string
	privacy string
	noVideo bool
	quiet   bool
	chunk   int64
}

// uploaded is one file's outcome.
type uploaded struct {
	File      string `json:"file"`
	UploadID  string `json:"upload_id"`
	Reference string `json:"reference"`
	Resumed   bool   `json:"resumed"`
	VideoID   string `json:"video_id,omitempty"`
	Status    string `json:"status,omitempty"`
	WatchURL  string `json:"watch_url,omitempty"`
}

// uploads is the result of upload.
type uploads struct {
	Uploads []uploaded `json:"uploads"`
}

func (u uploads) human(w io.Writer) {
	for _, f := range u.Uploads {
		switch {
		case f.VideoID == "":
			fmt.Fprintf(w, "%s: uploaded as %s\n", f.File, f.Reference)
		case f.Status == vidhost.StatusReady:
			fmt.Fprintf(w, "%s: video %s is ready: %s\n", f.File, f.VideoID, f.WatchURL)
		default:
			fmt.Fprintf(w, "%s: video %s is %s, it will play at %s\n", f.File, f.VideoID, f.Status, f.WatchURL)
		}
	}
}

func (a *app) uploadCommand() *cobra.Command {
	var opts uploadOptions
	cmd := &cobra.Command{
		Use:   "upload FILE...",
		Short: "Upload files (resumable) and make a video of each",
		Long: `upload sends each file with the resumable tus protocol, showing its progress,
and creates a video from it. Interrupted? Run the same command again: each file
goes on from where it stopped (the tus URLs are kept in the user cache
directory, vidhost/uploads). With --wait it waits until each video is ready and
prints its watch page.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(c *cobra.Command, files []string) error {
			if opts.name != "" && len(files) > 1 {
				return a.report(nil, fmt.Errorf("--name names one video; %d files were given", len(files)))
			}
			return a.report(a.upload(c.Context(), files, opts))
		},
	}
	f := cmd.Flags()
	f.BoolVar(&opts.wait, "wait", false, "wait until each video is ready (or failed), then print its watch URL")
	f.DurationVar(&opts.timeout, "timeout", time.Hour, "with --wait, give up after this long")
	f.StringVar(&opts.name, "name", "", "the video's name (default: the file name without its extension)")
	f.StringVar(&opts.privacy, "privacy", "", "public, unlisted (the default) or private")
	f.BoolVar(&opts.noVideo, "no-video", false, "only upload, and print the svc://uploads/ reference")
	f.BoolVarP(&opts.quiet, "quiet", "q", false, "no progress bars")
	f.Int64Var(&opts.chunk, "chunk-size", 64<<20, "bytes per request; lower it behind a proxy that limits request bodies")
	return cmd
}

func (a *app) upload(ctx context.Context, files []string, opts uploadOptions) (result, error) {
	cl, err := a.client(vidhost.WithUploadChunkSize(opts.chunk))
	if err != nil {
		return nil, err
	}
	store, err := a.resumeStore()
	if err != nil {
		return nil, err
	}
	out := uploads{Uploads: []uploaded{}}
	for _, file := range files {
		u, err := a.uploadOne(ctx, cl, store, file, opts)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", file, err)
		}
		out.Uploads = append(out.Uploads, u)
	}
	return out, nil
}

// uploadOne sends one file, then makes and (with --wait) awaits its video.
func (a *app) uploadOne(ctx context.Context, cl *vidhost.Client, store resumeStore, file string, opts uploadOptions) (uploaded, error) {
	info, err := statUpload(file)
	if err != nil {
		return uploaded{}, err
	}
	fp := fingerprint(cl.BaseURL(), file, info)
	bar := a.bar(info.Size(), filepath.Base(file), opts.quiet, true)
	resume := store.load(fp)
	sent, err := cl.Uploads.SendFile(ctx, file, vidhost.UploadParams{
		Resume:   resume,
		OnCreate: func(u vidhost.TusUpload) { _ = store.save(fp, u) },
		Progress: func(done, _ int64) { _ = bar.Set64(done) },
	})
	if err != nil {
		_ = bar.Exit()
		if errors.Is(err, context.Canceled) || store.load(fp) != nil {
			return uploaded{}, fmt.Errorf("%w (run the same command again to resume)", err)
		}
		return uploaded{}, err
	}
	_ = bar.Finish()
	out := uploaded{File: file, UploadID: sent.ID, Reference: sent.Reference(), Resumed: sent.Resumed}
	if opts.noVideo {
		return out, store.forget(fp)
	}
	v, err := cl.Videos.Create(ctx, vidhost.VideoCreate{Name: videoName(file, opts.name), Input: sent.Reference(), Privacy: opts.privacy})
	if err != nil {
		return out, err
	}
	// The video owns the upload now: a re-run makes a new one.
	if err := store.forget(fp); err != nil {
		return out, err
	}
	out.VideoID, out.Status, out.WatchURL = v.ID, v.Status, cl.WatchURL(v.ID)
	if !opts.wait {
		return out, nil
	}
	v, err = a.waitReady(ctx, cl, v, opts)
	if err != nil {
		return out, err
	}
	out.Status = v.Status
	return out, nil
}

// waitReady follows the video's transcoding with a bar of its percentage.
func (a *app) waitReady(ctx context.Context, cl *vidhost.Client, v *vidhost.Video, opts uploadOptions) (*vidhost.Video, error) {
	ctx, cancel := context.WithTimeout(ctx, opts.timeout)
	defer cancel()
	bar := a.bar(100, v.Name+" processing", opts.quiet, false)
	defer func() { _ = bar.Finish() }()
	return cl.Videos.Wait(ctx, v.ID, func(now *vidhost.Video) {
		bar.Describe(v.Name + " " + now.Status)
		if now.Status == vidhost.StatusReady {
			_ = bar.Set(100) // progress lags the status by a report at most
			return
		}
		_ = bar.Set(now.Progress)
	})
}

// statUpload describes the file to send, or says in a few words why it
// cannot be sent. The file's name starts the message already ("clip.mp4:
// no such file or directory"), so the error leaves it out.
func statUpload(file string) (os.FileInfo, error) {
	info, err := os.Stat(file)
	var pathErr *fs.PathError
	if errors.As(err, &pathErr) {
		return nil, pathErr.Err
	}
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, errors.New("not a regular file")
	}
	return info, nil
}

// videoName is the chosen name, or the file's name without its extension,
// cut to the API's 100 characters.
func videoName(file, chosen string) string {
	if chosen != "" {
		return chosen
	}
	name := strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
	if r := []rune(name); len(r) > 100 {
		name = string(r[:100])
	}
	return name
}
