package browsertest

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// The test stream: 10 s of testsrc2 and a sine tone as CMAF (fMP4) HLS with
// two renditions, so quality tests can tell them apart by frame width.
const (
	MediaSeconds  = 10
	HighWidth     = 640
	LowWidth      = 320
	SpriteColumns = 5 // one tile every 2 s
)

// RemoveMedia deletes what TestMedia generated; call it from TestMain.
func RemoveMedia() {
	if mediaDir != "" {
		if err := os.RemoveAll(mediaDir); err != nil {
			fmt.Fprintln(os.Stderr, "remove test media:", err)
		}
	}
}

var (
	mediaOnce sync.Once
	mediaDir  string
	mediaErr  error
)

// TestMedia generates, once per run, a directory holding the stream
// (master.m3u8; v0/ high and v1/ low renditions with index.m3u8, init.mp4
// and seg000.m4s...), sprite.jpg with its index sprite.vtt, and an English
// caption file captions.en.vtt. RemoveMedia deletes it.
func TestMedia(t testing.TB) string {
	t.Helper()
	mediaOnce.Do(func() {
		mediaDir, mediaErr = os.MkdirTemp("", "vidhost-browsertest-media-")
		if mediaErr == nil {
			mediaErr = generateMedia(mediaDir)
		}
	})
	if mediaErr != nil {
		t.Fatalf("generate test media: %v", mediaErr)
	}
	return mediaDir
}

func generateMedia(dir string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	for _, args := range [][]string{hlsArgs(), spriteArgs()} {
		command := exec.CommandContext(ctx, "ffmpeg", args...)
		command.Dir = dir
		if output, err := command.CombinedOutput(); err != nil {
			return fmt.Errorf("ffmpeg %s: %w\n%s", strings.Join(args, " "), err, output)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "sprite.vtt"), []byte(spriteVTT()), 0o644); err != nil {
		return err
	}
	captions := "WEBVTT\n\n00:00:00.000 --> 00:00:10.000\nHello from the test\n"
	return os.WriteFile(filepath.Join(dir, "captions.en.vtt"), []byte(captions), 0o644)
}

func lavfiInputs() []string {
	return []string{
		"-f", "lavfi", "-i", fmt.Sprintf("testsrc2=size=%dx%d:rate=30:duration=%d", HighWidth, HighWidth*9/16, MediaSeconds),
		"-f", "lavfi", "-i", fmt.Sprintf("sine=frequency=440:sample_rate=48000:duration=%d", MediaSeconds),
	}
}

func hlsArgs() []string {
	args := []string{"-hide_banner", "-loglevel", "error", "-y"}
	args = append(args, lavfiInputs()...)
	return append(args,
		// One decode, two sizes: v0 is the high rendition, v1 the low one.
		"-filter_complex", fmt.Sprintf("[0:v]split=2[hi][lo0];[lo0]scale=%d:%d[lo]", LowWidth, LowWidth*9/16),
		"-map", "[hi]", "-map", "[lo]", "-map", "1:a", "-map", "1:a",
		"-c:v", "libx264",
		"-preset", "ultrafast", // test media: speed over size
		"-pix_fmt", "yuv420p", // what browsers decode
		"-g", "60", "-keyint_min", "60", "-sc_threshold", "0", // a keyframe every 2 s, aligned across rungs
		"-b:v:0", "1000k", "-b:v:1", "250k",
		"-c:a", "aac", "-b:a", "64k",
		"-f", "hls",
		"-hls_time", "2",
		"-hls_playlist_type", "vod", // ENDLIST: the player treats it as on-demand
		"-hls_segment_type", "fmp4", // CMAF, like the transcoder's output
		"-hls_segment_filename", "v%v/seg%03d.m4s",
		"-hls_fmp4_init_filename", "init.mp4",
		"-master_pl_name", "master.m3u8",
		"-var_stream_map", "v:0,a:0 v:1,a:1",
		"v%v/index.m3u8",
	)
}

func spriteArgs() []string {
	return []string{
		"-hide_banner", "-loglevel", "error", "-y",
		"-f", "lavfi", "-i", fmt.Sprintf("testsrc2=size=%dx%d:rate=30:duration=%d", HighWidth, HighWidth*9/16, MediaSeconds),
		"-vf", fmt.Sprintf("fps=1/2,scale=160:90,tile=%dx1", SpriteColumns),
		"-frames:v", "1", "sprite.jpg",
	}
}

func spriteVTT() string {
	var vtt strings.Builder
	vtt.WriteString("WEBVTT\n")
	for i := range SpriteColumns {
		fmt.Fprintf(&vtt, "\n00:00:%02d.000 --> 00:00:%02d.000\nsprite.jpg#xywh=%d,0,160,90\n", i*2, i*2+2, i*160)
	}
	return vtt.String()
}
