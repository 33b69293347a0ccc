package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"syscall"
)

// wrapLogEnv names the file the wrapper appends each command line to; set,
// it turns this binary into ffmpeg's stand-in.
const wrapLogEnv = "VIDHOST_BENCH_FFMPEG_LOG"

// wrapFFmpeg logs its arguments as one JSON line, then becomes the real
// ffmpeg (same process, so the service's timing and signals are unchanged).
func wrapFFmpeg() {
	real, err := exec.LookPath("ffmpeg")
	if err == nil {
		err = appendLine(os.Getenv(wrapLogEnv), os.Args[1:])
	}
	if err == nil {
		err = syscall.Exec(real, append([]string{"ffmpeg"}, os.Args[1:]...), os.Environ())
	}
	fmt.Fprintln(os.Stderr, "bench ffmpeg wrapper:", err)
	os.Exit(1)
}

func appendLine(path string, args []string) error {
	return appendJSON(path, args)
}

// appendJSON appends value to the file at path as one JSON line.
func appendJSON(path string, value any) error {
	line, err := json.Marshal(value)
	if err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = f.Write(append(line, '\n')) // one write: lines of concurrent runs never interleave
	return err
}

// readCommands returns the logged command lines in order.
func readCommands(path string) ([][]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var commands [][]string
	scanner := bufio.NewScanner(f)
	scanner.Buffer(make([]byte, 1<<20), 1<<20)
	for scanner.Scan() {
		var args []string
		if err := json.Unmarshal(scanner.Bytes(), &args); err != nil {
			return nil, err
		}
		commands = append(commands, args)
	}
	return commands, scanner.Err()
}
