package media

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"
)

// ErrNoAudio is a source without an audio stream: nothing to transcribe.
var ErrNoAudio = errors.New("the video has no audio")

// SpeechSampleRate is what speech recognisers expect: 16 kHz, mono, 16-bit.
const SpeechSampleRate = 16000

// speechArgs decode the first audio stream of src into the WAV a speech
// engine reads. maxDuration bounds the decode so an over-long source cannot
// fill the disk (the job refuses longer videos before this runs).
func speechArgs(src, dst string, maxDuration time.Duration) []string {
	args := quietArgs()
	args = append(args, sourceArgs()...)               // the source stays a local file
	args = append(args, "-i", src)                     // the video's source or MP4
	args = append(args, "-t", secondsArg(maxDuration)) // never more than the documented limit
	args = append(args, "-map", "0:a:0")               // the first audio stream; none is an error
	args = append(args, "-vn", "-sn", "-dn")           // nothing but sound is decoded
	args = append(args, "-ac", "1")                    // mono: recognisers model one channel
	args = append(args, "-ar", "16000")                // 16 kHz: the rate the acoustic models were trained on
	args = append(args, "-c:a", "pcm_s16le")           // 16-bit little-endian PCM
	args = append(args, "-map_metadata", "-1")         // no tags: the file is read by a recogniser only
	args = append(args, "-f", "wav", dst)              // a RIFF header carries the format for the engine
	return args
}

// ExtractSpeech writes src's first audio stream to dst as 16 kHz mono s16le
// WAV, at most maxDuration long. A source without audio is ErrNoAudio: ffmpeg
// says "Stream map '0:a:0' matches no streams. To ignore this, add a trailing
// '?' to the map." and the error keeps its last line.
func ExtractSpeech(ctx context.Context, ffmpeg, src, dst string, maxDuration time.Duration) error {
	err := runTool(ctx, ffmpeg, speechArgs(src, dst, maxDuration), func(r io.Reader) error {
		_, err := io.Copy(io.Discard, r)
		return err
	})
	if err != nil && (strings.Contains(err.Error(), "matches no streams") || strings.Contains(err.Error(), "trailing '?' to the map")) {
		return fmt.Errorf("%w: %w", ErrNoAudio, err)
	}
	return err
}
