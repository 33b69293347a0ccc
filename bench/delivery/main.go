// Command delivery is the edge of bench/delivery: it runs the whole gateway
// (app.Run: middleware, access log, playback edge) over the playback fakes
// (through gateway/benchseam) and a local blob directory holding one public
// and one private video, for bench/delivery/run.sh. It prints one JSON line
// describing the URLs once serving and runs until SIGINT or SIGTERM.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/vidhost/vidhost/gateway/app"
	"github.com/vidhost/vidhost/gateway/benchseam"
	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/config"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/secrets"
)

// account owns the bench's videos; its media lie in <dir>/videos/<account>/.
const account = "bench-account"

// internalSecret is the root secret of the gateway and of the fakes that
// verify its calls, for this run only.
const internalSecret = "bench/delivery internal secret, for this run only"

// info is what run.sh reads: the gateway's URL and the paths to request.
type info struct {
	URL             string `json:"url"`
	Account         string `json:"account"`
	PublicVideo     string `json:"public_video"`
	PrivateVideo    string `json:"private_video"`
	PrivateToken    string `json:"private_token"`
	PrivateJWT      string `json:"private_jwt"` // a viewer JWT (ES256) for the private video
	Segment         string `json:"segment"`     // path in a video's folder
	Playlist        string `json:"playlist"`    // path in a video's folder
	SegmentBytes    int    `json:"segment_bytes"`
	PlaylistEntries int    `json:"playlist_entries"`
}

func main() {
	dir := flag.String("dir", "", "blob directory (created); nginx serves the same files")
	segmentBytes := flag.Int("segment-bytes", 2_000_000, "size of the test segment")
	entries := flag.Int("playlist-entries", 300, "segments listed in the media playlist (300 x 2 s: a 10-minute video)")
	logFile := flag.String("log", os.DevNull, "where the gateway's JSON log (access log included) goes")
	cpuProfile := flag.String("cpuprofile", "", "write a CPU profile of the whole run to this file")
	mediaLog := flag.String("media-access-log", "off", "VIDHOST_MEDIA_ACCESS_LOG of the gateway: off, sample or all")
	flag.Parse()
	stopProfile, err := startProfile(*cpuProfile)
	if err == nil {
		err = run(*dir, *segmentBytes, *entries, *logFile, *mediaLog)
		stopProfile()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "bench/delivery:", err)
		os.Exit(1)
	}
}

func run(dir string, segmentBytes, entries int, logFile, mediaLog string) error {
	if dir == "" {
		return fmt.Errorf("-dir is required")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	grpcLis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	root := secrets.MustRoot(internalSecret)
	backends, backendsDone := benchseam.ServeBackends(ctx, grpcLis, root)
	out := info{Account: account, PublicVideo: ids.New(), PrivateVideo: ids.New(),
		Segment: "stream/seg-0-00001.m4s", Playlist: "stream/playlist_0.m3u8", SegmentBytes: segmentBytes, PlaylistEntries: entries}
	if err := storeMedia(ctx, dir, out, backends); err != nil {
		return err
	}
	log, err := os.Create(logFile)
	if err != nil {
		return err
	}
	defer log.Close()
	httpLis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	// The gateway needs JetStream for the playback edge's view events
	// (VIEWS): an embedded loopback server with the suite's users (the
	// gateway signs in with its nkey) stands in for the suite's.
	natsDir, err := os.MkdirTemp("", "bench-delivery-nats-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(natsDir)
	users, err := natsx.ServerUsers(root)
	if err != nil {
		return err
	}
	bus, err := natsx.StartEmbedded(natsDir, "127.0.0.1", -1, users)
	if err != nil {
		return err
	}
	defer bus.Shutdown()
	cfg := app.Config{
		IdentityAddr: backends.Addr, CatalogAddr: backends.Addr, UploadAddr: backends.Addr, HooksAddr: backends.Addr, AnalyticsAddr: backends.Addr,
		Common:         config.Common{NATSURL: bus.ClientURL(), InternalSecret: internalSecret, LogLevel: "info", LogFormat: "json"},
		MediaAccessLog: mediaLog,
		Blob:           blob.Settings{Driver: "local", Dir: dir},
	}
	out.PrivateToken = benchseam.MediaToken(root, out.PrivateVideo, 4*time.Hour)
	if out.PrivateJWT, err = viewerJWT(backends, out.PrivateVideo); err != nil {
		return err
	}
	err = app.Run(ctx, cfg, slog.New(slog.NewJSONHandler(log, nil)), app.Options{Listener: httpLis, Ready: func(url string) {
		out.URL = url
		line, _ := json.Marshal(out)
		fmt.Println(string(line))
	}})
	stop()
	return errors.Join(err, <-backendsDone)
}
