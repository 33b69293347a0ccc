package media

import (
	"context"
	"fmt"
	"path/filepath"
)

// audioRunArgs encode one audio bitrate of a chunked job (ap is the plan
// narrowed to it: forAudio): the whole output's audio, once, with the
// one-process ladder's encode (audioArgs), into CMAF segments of a DASH
// muxer of its own. Chunks cannot carry it: each would prime the AAC
// encoder anew (1024 samples of silence) and cut a frame at its end, a gap
// at every edge. One run per bitrate rather than one for all: the AAC
// encoder is single-threaded and is the run's cost (decoding the audio
// again per run is cheap), so the bitrates run in parallel on as many
// workers; each writes the very segments the one run wrote for its
// stream. Its representation is numbered 0; collect gives it its id
// among the one-process run's.
func audioRunArgs(ap plan) []string {
	args := quietArgs()
	args = append(args, "-nostats")                                   // progress comes from -progress instead
	args = append(args, "-progress", "pipe:1")                        // how far it got: a truncated source shows
	args = append(args, inputArgs(ap)...)                             // the whole source; only the audio is decoded
	args = append(args, audioArgs(ap)...)                             // the one-process ladder's encode of this bitrate
	args = append(args, "-map_metadata", "-1", "-map_chapters", "-1") // as in the ladder
	args = append(args, "-f", "tee")                                  // the muxer options as the ladder's DASH output
	args = append(args, teeSlave(dashOptions(ap, h264Muxer, "id=0,streams=a"), filepath.Join(ap.outDir, h264Muxer.manifestPath)))
	return args
}

// AudioRuns counts the audio runs of a chunked job of the plan recorded in
// record: one per audio bitrate, none for a source without audio.
func AudioRuns(record []byte) (int, error) {
	p, err := unmarshalPlan(record, "", "")
	if err != nil {
		return 0, err
	}
	return len(p.audioBitrates), nil
}

// encodeAudio runs audio bitrate k of a chunked job and moves its
// segments into stream/. Its CPU is a few per cent of the video's, so it
// does not count in the progress.
func (t *Transcoder) encodeAudio(ctx context.Context, p plan, k int) error {
	if k < 0 || k >= len(p.audioBitrates) {
		return fmt.Errorf("media: audio run %d of a plan of %d audio bitrates", k, len(p.audioBitrates))
	}
	ap := p.forAudio(filepath.Join(p.outDir, audioRunDir(k)), k)
	if err := prepareRunDir(ap.outDir); err != nil {
		return err
	}
	run := encoderRun{muxer: h264Muxer, args: audioRunArgs(ap)}
	if err := t.encodeRun(ctx, ap, run, nothingToSync, func(int) {}); err != nil {
		return err
	}
	return collect(p.outDir, audioOutput(ap, k))
}

// encodeAudioRuns runs every audio bitrate of a chunked job in this
// process, one after another: beside the chunks, as the one run for all
// of them was, so the job runs no more ffmpeg at once than before.
func (t *Transcoder) encodeAudioRuns(ctx context.Context, p plan) error {
	for k := range p.audioBitrates {
		if err := t.encodeAudio(ctx, p, k); err != nil {
			return err
		}
	}
	return nil
}
