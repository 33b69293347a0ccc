package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"time"

	"github.com/vidhost/vidhost/pkg/childproc"
)

// wrapTimesEnv names the file the wrapper appends each run's arguments and
// costs to; set, the wrapper runs ffmpeg as its child and waits for it
// (wrapLogEnv execs it instead, so that the service's timing and signals
// are exactly ffmpeg's). The chunk bench costs every run of a job this way
// rather than by replaying them all.
const wrapTimesEnv = "VIDHOST_BENCH_FFMPEG_TIMES"

// timedRun is one ffmpeg run the timed wrapper saw.
type timedRun struct {
	Args  []string      `json:"args"`
	Start time.Time     `json:"start"`
	Wall  time.Duration `json:"wall"`
	CPU   time.Duration `json:"cpu"` // user and system
}

func (r timedRun) end() time.Time { return r.Start.Add(r.Wall) }

// wrapTimedFFmpeg runs ffmpeg with this process's arguments and streams,
// logs what it cost, and exits with its status.
func wrapTimedFFmpeg() {
	cmd := exec.Command("ffmpeg", os.Args[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	childproc.DieWithParent(cmd) // killed with the wrapper, as ffmpeg itself would be
	start := time.Now()
	err := cmd.Run()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		fmt.Fprintln(os.Stderr, "bench ffmpeg wrapper:", err)
		os.Exit(1)
	}
	run := timedRun{Args: os.Args[1:], Start: start, Wall: time.Since(start),
		CPU: cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()}
	if err := appendJSON(os.Getenv(wrapTimesEnv), run); err != nil {
		fmt.Fprintln(os.Stderr, "bench ffmpeg wrapper:", err)
	}
	os.Exit(cmd.ProcessState.ExitCode())
}

// readTimedRuns returns the logged runs in the order they ended.
func readTimedRuns(path string) ([]timedRun, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var runs []timedRun
	scanner := bufio.NewScanner(f)
	scanner.Buffer(make([]byte, 1<<20), 1<<20)
	for scanner.Scan() {
		var run timedRun
		if err := json.Unmarshal(scanner.Bytes(), &run); err != nil {
			return nil, err
		}
		runs = append(runs, run)
	}
	return runs, scanner.Err()
}
