// Command transcribe is bench/transcribe: it makes the spoken-English fixture
// (flite, voice slt, muxed into a 30 s video), runs the transcribe job's work
// on it -runs times and prints the word error rate against the reference and
// the real-time factor (processing time / audio duration) of the whole run
// (audio extraction + recognition + cues) and of the engine alone.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/vidhost/vidhost/pkg/speechtest"
	"github.com/vidhost/vidhost/services/transcode/benchseam"
)

func main() {
	runs := flag.Int("runs", 3, "jobs to time; the median is reported")
	whisperBin := flag.String("whisper", "", "path to whisper-cli: measure whisper.cpp instead of pocketsphinx")
	whisperModel := flag.String("whisper-model", "", "ggml model for -whisper")
	flag.Parse()
	var engine benchseam.Engine = benchseam.Pocketsphinx{}
	name := "pocketsphinx (Debian, en-us)"
	if *whisperBin != "" {
		engine = benchseam.Whisper{Binary: *whisperBin, Model: *whisperModel, Langs: []string{"en-US"}}
		name = "whisper.cpp " + *whisperModel
	}
	if err := run(context.Background(), engine, name, *runs); err != nil {
		fmt.Fprintln(os.Stderr, "bench/transcribe:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, engine benchseam.Engine, name string, runs int) error {
	dir, err := os.MkdirTemp("", "bench-transcribe-")
	if err != nil {
		return err
	}
	defer func() { _ = os.RemoveAll(dir) }()
	fixture, err := speechtest.Make(ctx, dir)
	if err != nil {
		return err
	}
	cfg := benchseam.TranscribeConfig{FFmpeg: "ffmpeg", Engine: engine}
	var total []time.Duration
	var result benchseam.TranscribeResult
	for range runs {
		start := time.Now()
		result, err = benchseam.Transcribe(ctx, cfg, fixture.Video, dir, "en-US", io.Discard)
		if err != nil {
			return err
		}
		total = append(total, time.Since(start))
	}
	engineOnly := time.Now()
	if _, err := engine.Recognize(ctx, dir+"/speech.wav", "en-US"); err != nil {
		return err
	}
	engineTime := time.Since(engineOnly)

	var heard []string
	for _, w := range result.Words {
		heard = append(heard, w.Text)
	}
	audio := speechtest.VideoDuration
	med := median(total)
	fmt.Printf("engine: %s\n", name)
	fmt.Printf("fixture: %d reference words, %.1f s of speech in a %.0f s video\n",
		len(strings.Fields(fixture.Reference)), (fixture.SpeechEnd - fixture.SpeechStart).Seconds(), audio.Seconds())
	fmt.Printf("WER: %.3f\n", benchseam.WER(fixture.Reference, strings.Join(heard, " ")))
	fmt.Printf("cues: %d\n", len(result.Cues))
	fmt.Printf("job (extract + recognise + cues), median of %d: %.2f s, RTF %.3f\n", runs, med.Seconds(), med.Seconds()/audio.Seconds())
	fmt.Printf("engine alone: %.2f s, RTF %.3f\n", engineTime.Seconds(), engineTime.Seconds()/audio.Seconds())
	return nil
}

func median(ds []time.Duration) time.Duration {
	sorted := slices.Clone(ds)
	slices.Sort(sorted)
	return sorted[len(sorted)/2]
}
