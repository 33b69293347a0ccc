package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"time"

	"github.com/vidhost/vidhost/services/transcode/benchseam"
)

// profile is one way the bench transcodes every source.
type profile struct {
	name     string
	adaptive bool
	av1      bool // the AV1 variant set beside the H.264 rungs (efficient)
}

// encoded is one source through one profile.
type encoded struct {
	result        benchseam.MediaResult
	dir           string
	bytes         int64         // the H.264 rungs' init and media segments
	av1Bytes      int64         // the AV1 rungs' (efficient)
	cpu           time.Duration // user+system of the job's ffmpeg children
	wall          time.Duration
	firstPlayable time.Duration // the first master playlist, from the start of the job
}

// transcode runs the service's media job in process. CPU comes from the
// rusage of reaped children, so nothing else may run ffmpeg meanwhile.
func transcode(t *benchseam.Transcoder, p profile, src, dir string) (encoded, error) {
	start, before := time.Now(), childCPU()
	e := encoded{dir: dir}
	onFile := func(f benchseam.File) {
		if f.Kind == benchseam.KindPlaylist && f.Path == benchseam.MasterPlaylist && e.firstPlayable == 0 {
			e.firstPlayable = time.Since(start)
		}
	}
	job := benchseam.MediaJob{Source: src, OutDir: dir, Adaptive: p.adaptive, AV1: p.av1, OnFile: onFile}
	result, err := t.Transcode(context.Background(), job)
	if err != nil {
		return encoded{}, fmt.Errorf("%s: %w", p.name, err)
	}
	e.result, e.wall, e.cpu = result, time.Since(start), childCPU()-before
	n := len(result.Renditions)
	if e.bytes, err = streamBytes(filepath.Join(dir, "stream"), h264Set, n); err != nil {
		return encoded{}, err
	}
	if p.av1 && (result.Analysis == nil || result.Analysis.NoAV1 == "") {
		e.av1Bytes, err = streamBytes(filepath.Join(dir, "stream"), av1Set, n)
	}
	return e, err
}

// The CMAF files of a job's two variant sets (the media core's layout.go):
// rung i of the H.264 set is init-<i>.m4s and seg-<i>-….m4s (the sources
// have no audio, so the rungs are streams 0..n-1), rung i of the AV1 set,
// from a muxer of its own, init-av1-<i>.m4s and seg-av1-<i>-….m4s.
const (
	h264Set = ""
	av1Set  = "av1-"
)

// streamBytes adds up the CMAF files of the n rungs of a set.
func streamBytes(dir, set string, n int) (int64, error) {
	var total int64
	for i := range n {
		files, err := filepath.Glob(filepath.Join(dir, fmt.Sprintf("seg-%s%d-*.m4s", set, i)))
		if err != nil {
			return 0, err
		}
		for _, file := range append(files, filepath.Join(dir, fmt.Sprintf("init-%s%d.m4s", set, i))) {
			info, err := os.Stat(file)
			if err != nil {
				return 0, err
			}
			total += info.Size()
		}
	}
	return total, nil
}

// rungFile joins the init and media segments of rung i of a set into one
// fragmented MP4 that ffmpeg can read as a whole.
func rungFile(e encoded, set string, i int) (string, error) {
	stream := filepath.Join(e.dir, "stream")
	path := filepath.Join(e.dir, fmt.Sprintf("rung-%s%d.mp4", set, i))
	out, err := os.Create(path) //nolint:gosec // the bench's scratch directory
	if err != nil {
		return "", err
	}
	defer out.Close() //nolint:errcheck // closed again below, checked
	segments, err := filepath.Glob(filepath.Join(stream, fmt.Sprintf("seg-%s%d-*.m4s", set, i)))
	if err != nil {
		return "", err
	}
	for _, part := range append([]string{filepath.Join(stream, fmt.Sprintf("init-%s%d.m4s", set, i))}, segments...) {
		data, err := os.ReadFile(part) //nolint:gosec // the job's own output
		if err != nil {
			return "", err
		}
		if _, err := out.Write(data); err != nil {
			return "", err
		}
	}
	return path, out.Close()
}

func childCPU() time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_CHILDREN, &u); err != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
