package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/vidhost/vidhost/services/transcode/benchseam"
)

// perRung encodes the same ladder the usual way: one ffmpeg per rung, each
// decoding the source again, plus one more for the progressive MP4.
func perRung(source, dir string) (usage, error) {
	info, err := benchseam.Probe(context.Background(), "ffprobe", source)
	if err != nil {
		return usage{}, err
	}
	renditions := benchseam.Ladder(info)
	var total usage
	for _, r := range renditions {
		out := filepath.Join(dir, r.Name)
		if err := os.MkdirAll(out, 0o755); err != nil {
			return usage{}, err
		}
		args := append(encodeArgs(source, info, r), dashArgs(filepath.Join(out, "manifest.mpd"))...)
		u, err := measure(args)
		if err != nil {
			return usage{}, err
		}
		total = total.plus(u)
	}
	download := renditions[len(renditions)-1]
	for _, r := range renditions {
		if r.Rung.Height <= 720 {
			download = r
			break
		}
	}
	args := append(encodeArgs(source, info, download), "-movflags", "+faststart", filepath.Join(dir, download.Name+".mp4"))
	u, err := measure(args)
	return total.plus(u), err
}

// encodeArgs are the ladder's per-rendition settings (see
// services/transcode/internal/media/encode_args.go) for a run that
// encodes one rendition.
func encodeArgs(source string, info benchseam.Info, r benchseam.Rendition) []string {
	gop := fmt.Sprint(int(info.Video.FrameRate*2 + 0.5))
	args := []string{"-hide_banner", "-nostdin", "-y", "-loglevel", "error", "-i", source,
		"-map", fmt.Sprintf("0:%d", info.Video.Index),
		"-vf", fmt.Sprintf("format=yuv420p,scale=%d:%d,setdar=%d/%d", r.Width, r.Height, info.Video.Width, info.Video.Height),
		"-c:v", "libx264", "-preset", "veryfast", "-sc_threshold", "0", "-g", gop, "-keyint_min", gop,
		"-force_key_frames:v", "expr:gte(t,n_forced*2)",
		"-b:v", fmt.Sprintf("%dk", r.VideoBitrate), "-maxrate", fmt.Sprintf("%dk", r.MaxRate),
		"-bufsize", fmt.Sprintf("%dk", r.BufSize), "-profile:v", r.Profile, "-level:v", r.Level,
		"-map_metadata", "-1"}
	if info.Audio != nil {
		args = append(args, "-map", fmt.Sprintf("0:%d", info.Audio.Index),
			"-c:a", "aac", "-ac", "2", "-ar", "48000", "-b:a", fmt.Sprintf("%dk", r.AudioBitrate))
	}
	return args
}

func dashArgs(manifest string) []string {
	return []string{"-f", "dash", "-seg_duration", "2", "-use_template", "1", "-use_timeline", "1",
		"-init_seg_name", "init-$RepresentationID$.m4s", "-media_seg_name", "seg-$RepresentationID$-$Number%05d$.m4s",
		manifest}
}
