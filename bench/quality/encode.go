package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/vidhost/vidhost/services/transcode/benchseam"
)

// profile is one way the bench transcodes every source.
type profile struct {
	name     string
	adaptive bool
}

// encoded is one source through one profile.
type encoded struct {
	result        benchseam.MediaResult
	dir           string
	bytes         int64         // every video segment and init segment
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
	job := benchseam.MediaJob{Source: src, OutDir: dir, Adaptive: p.adaptive, OnFile: onFile}
	result, err := t.Transcode(context.Background(), job)
	if err != nil {
		return encoded{}, fmt.Errorf("%s: %w", p.name, err)
	}
	e.result, e.wall, e.cpu = result, time.Since(start), childCPU()-before
	e.bytes, err = segmentBytes(filepath.Join(dir, "stream"))
	return e, err
}

// segmentBytes adds up the CMAF files (the sources have no audio).
func segmentBytes(dir string) (int64, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return 0, err
	}
	var total int64
	for _, entry := range entries {
		if strings.HasSuffix(entry.Name(), ".m4s") {
			info, err := entry.Info()
			if err != nil {
				return 0, err
			}
			total += info.Size()
		}
	}
	return total, nil
}

// rungFile joins rendition i's init and media segments into one fragmented
// MP4 that ffmpeg can read as a whole.
func rungFile(e encoded, i int) (string, error) {
	stream := filepath.Join(e.dir, "stream")
	path := filepath.Join(e.dir, fmt.Sprintf("rung-%d.mp4", i))
	out, err := os.Create(path) //nolint:gosec // the bench's scratch directory
	if err != nil {
		return "", err
	}
	defer out.Close() //nolint:errcheck // closed again below, checked
	segments, err := filepath.Glob(filepath.Join(stream, fmt.Sprintf("seg-%d-*.m4s", i)))
	if err != nil {
		return "", err
	}
	for _, part := range append([]string{filepath.Join(stream, fmt.Sprintf("init-%d.m4s", i))}, segments...) {
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
