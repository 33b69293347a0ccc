package media

import (
	"context"
	"path/filepath"
)

// audioRunArgs encode the audio of a chunked job: the whole output's, once,
// with the one-process ladder's encodes (audioArgs), into CMAF segments of
// a DASH muxer of its own. Chunks cannot carry it: each would prime the AAC
// encoder anew (1024 samples of silence) and cut a frame at its end, a gap
// at every edge. Its representations are numbered from 0; collect gives
// them the ids after the video's.
func audioRunArgs(p plan) []string {
	args := quietArgs()
	args = append(args, "-nostats")                                   // progress comes from -progress instead
	args = append(args, "-progress", "pipe:1")                        // how far it got: a truncated source shows
	args = append(args, inputArgs(p)...)                              // the whole source; only the audio is decoded
	args = append(args, audioArgs(p)...)                              // the one-process ladder's audio encodes
	args = append(args, "-map_metadata", "-1", "-map_chapters", "-1") // as in the ladder
	args = append(args, "-f", "tee")                                  // the muxer options as the ladder's DASH output
	args = append(args, teeSlave(dashOptions(p, h264Muxer, "id=0,streams=a"), filepath.Join(p.outDir, h264Muxer.manifestPath)))
	return args
}

// encodeAudio runs the audio of a chunked job and moves its segments into
// stream/. Its CPU is a few per cent of the video's, so it does not count
// in the progress.
func (t *Transcoder) encodeAudio(ctx context.Context, p plan) error {
	ap := p.forAudio(filepath.Join(p.outDir, audioRunDir))
	if err := prepareRunDir(ap.outDir); err != nil {
		return err
	}
	run := encoderRun{muxer: h264Muxer, args: audioRunArgs(ap)}
	if err := t.encodeRun(ctx, ap, run, nothingToSync, func(int) {}); err != nil {
		return err
	}
	return collect(p.outDir, audioOutput(ap))
}
