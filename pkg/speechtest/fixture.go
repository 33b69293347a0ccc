// Package speechtest makes the spoken-English fixture the transcribe tests,
// bench/transcribe and the devstack's end-to-end test share: a reference
// text spoken by flite (voice slt) and muxed into a 30 s video, generated at
// run time so no audio is committed. It needs flite and ffmpeg (make
// deps-test installs them).
package speechtest

import (
	"bytes"
	"context"
	_ "embed" // the reference text
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// VideoDuration and SpeechOffset place the speech inside the video: silence
// before and after, so cue times can be checked against the spoken span.
const (
	VideoDuration = 30 * time.Second
	SpeechOffset  = 5 * time.Second
)

// Fixture is a video with known speech.
type Fixture struct {
	Video       string        // MP4: H.264 + AAC, 30 s
	Reference   string        // the words spoken
	SpeechStart time.Duration // when the first word begins (at the latest)
	SpeechEnd   time.Duration // when the last word ends (at the earliest)
}

// reference is the text spoken: five sentences, 53 words.
//
//go:embed testdata/reference.txt
var reference string

// Make writes the fixture into dir.
func Make(ctx context.Context, dir string) (Fixture, error) {
	refPath := filepath.Join(dir, "reference.txt")
	if err := os.WriteFile(refPath, []byte(reference), 0o600); err != nil {
		return Fixture{}, err
	}
	speech := filepath.Join(dir, "speech.wav")
	if err := run(ctx, "flite", "-voice", "slt", "-f", refPath, "-o", speech); err != nil {
		return Fixture{}, err
	}
	spoken, err := duration(ctx, speech)
	if err != nil {
		return Fixture{}, err
	}
	video := filepath.Join(dir, "speech.mp4")
	err = run(ctx, "ffmpeg", "-hide_banner", "-nostdin", "-loglevel", "error", "-y",
		"-f", "lavfi", "-i", fmt.Sprintf("testsrc2=size=320x240:rate=25:duration=%d", int(VideoDuration.Seconds())),
		"-i", speech,
		"-filter_complex", fmt.Sprintf("[1:a]adelay=%d:all=1,apad,aresample=48000[a]", SpeechOffset.Milliseconds()),
		"-map", "0:v", "-map", "[a]", "-t", strconv.Itoa(int(VideoDuration.Seconds())),
		"-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "96k",
		video)
	if err != nil {
		return Fixture{}, err
	}
	return Fixture{Video: video, Reference: reference, SpeechStart: SpeechOffset, SpeechEnd: SpeechOffset + spoken}, nil
}

func duration(ctx context.Context, path string) (time.Duration, error) {
	out, err := exec.CommandContext(ctx, "ffprobe", "-v", "error", "-show_entries", "format=duration",
		"-of", "csv=p=0", path).Output()
	if err != nil {
		return 0, fmt.Errorf("ffprobe %s: %w", path, err)
	}
	secs, err := strconv.ParseFloat(strings.TrimSpace(string(out)), 64)
	return time.Duration(secs * float64(time.Second)), err
}

func run(ctx context.Context, bin string, args ...string) error {
	var stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s: %w: %s", bin, err, stderr.String())
	}
	return nil
}
