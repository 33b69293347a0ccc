package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// usage is what one or more ffmpeg runs cost.
type usage struct {
	wall, cpu time.Duration
}

func (u usage) plus(o usage) usage { return usage{wall: u.wall + o.wall, cpu: u.cpu + o.cpu} }

// replayRun is the service's ffmpeg commands run bare.
type replayRun struct {
	ladder usage // the one command that encodes the ladder
	all    usage // thumbnail, ladder and sprite
}

// replay runs the commands the service ran, in order, with the attempt
// directory they named swapped for dir (holding the same source).
func replay(commands [][]string, source, dir string) (replayRun, error) {
	attempt, err := attemptDir(commands)
	if err != nil {
		return replayRun{}, err
	}
	if err := prepareReplay(source, dir); err != nil {
		return replayRun{}, err
	}
	var run replayRun
	for _, args := range commands {
		moved := make([]string, len(args))
		for i, arg := range args {
			moved[i] = strings.ReplaceAll(arg, attempt, dir)
		}
		u, err := measure(moved)
		if err != nil {
			return replayRun{}, err
		}
		run.all = run.all.plus(u)
		if slices.Contains(args, "-filter_complex") {
			run.ladder = u
		}
	}
	return run, nil
}

// attemptDir is the scratch directory of the job, from the ladder's input
// ("file:<dir>/source").
func attemptDir(commands [][]string) (string, error) {
	for _, args := range commands {
		if i := slices.Index(args, "-filter_complex"); i >= 0 {
			for j, arg := range args[:i] {
				if arg == "-i" && j+1 < i {
					return filepath.Dir(strings.TrimPrefix(args[j+1], "file:")), nil
				}
			}
		}
	}
	return "", errors.New("no ladder command was logged")
}

// prepareReplay gives dir what the attempt directory held before ffmpeg
// ran: the source (the bytes the service was given) and empty output folders.
func prepareReplay(source, dir string) error {
	for _, sub := range []string{"out/stream", "out/mp4", "out/thumbs"} {
		if err := os.MkdirAll(filepath.Join(dir, sub), 0o755); err != nil {
			return err
		}
	}
	data, err := os.ReadFile(source)
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "source"), data, 0o644)
}

// measure runs ffmpeg and returns its wall time and the CPU time (user and
// system) the kernel accounted to it.
func measure(args []string) (usage, error) {
	cmd := exec.Command("ffmpeg", args...)
	cmd.Stdout, cmd.Stderr = io.Discard, os.Stderr
	start := time.Now()
	if err := cmd.Run(); err != nil {
		return usage{}, fmt.Errorf("ffmpeg %s: %w", strings.Join(args, " "), err)
	}
	wall := time.Since(start)
	return usage{wall: wall, cpu: cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()}, nil
}
